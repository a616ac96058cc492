package dev.gsf.server.h2;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fuzzer's bytes read as a client's frames after the connection preface: each operation (its first byte, modulo
 * 12) writes one frame or more, the fuzzer's next bytes choosing its stream, flags, lengths and payload: a GET of a
 * file (HEADERS with a valid HPACK block, maybe split over CONTINUATION), DATA, SETTINGS, WINDOW_UPDATE, RST_STREAM,
 * PRIORITY, PING, GOAWAY, CONTINUATION, a frame of any type and length, garbage (bytes that need not be frames), and a
 * cut (where one read ends). Then the bytes are scanned as the server's parser frames them: whether they are whole
 * frames, and the send windows they leave the server (what the harness needs to open them for its own GET).
 *
 * <p>Seeds are written in this encoding (src/test/resources/dev/gsf/server/h2/H2FrameFuzzTestInputs/).
 */
final class H2FuzzInput {
    static final String[] FILES = {"/1KB.bin", "/200KB.bin", "/missing.bin", "/"};
    /** What the fuzzer's bytes grow to at most. */
    private static final int MAX_BYTES = 96 * 1024;
    /** The server's SETTINGS_MAX_FRAME_SIZE (the default: it announces none). */
    static final int MAX_FRAME = 16_384;

    /** What is sent after the preface, and where the reads are cut (offsets into it, ascending). */
    final byte[] bytes;
    final int[] cuts;
    /** Whether the bytes are whole frames of at most MAX_FRAME, as the server's parser reads them. */
    final boolean framed;
    /** The server's connection send window and SETTINGS_INITIAL_WINDOW_SIZE once these frames are read (framed). */
    final long connectionWindow;
    final long initialWindow;
    /** Whether a GOAWAY is among the frames (the server may then end the connection NO_ERROR). */
    final boolean clientGoAway;
    /**
     * The odd streams a HEADERS frame names (framed part): every stream the server may have opened, and more (it
     * opens none after a GOAWAY, refuses some, fails the connection on an id out of order).
     */
    final Set<Integer> streamsNamed = new HashSet<>();
    /** The streams the client resets (RST_STREAM): ended, for the server, once it has read them. */
    final Set<Integer> streamsReset = new HashSet<>();

    private H2FuzzInput(byte[] bytes, int[] cuts) {
        this.bytes = bytes;
        this.cuts = cuts;
        long window = 65_535;
        long initial = 65_535;
        boolean goAway = false;
        int at = 0;
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (at + 9 <= bytes.length) {
            int length = b.getInt(at) >>> 8;
            int type = bytes[at + 3] & 0xff;
            int flags = bytes[at + 4] & 0xff;
            int stream = b.getInt(at + 5) & Integer.MAX_VALUE;
            if (length > MAX_FRAME || at + 9 + length > bytes.length) {
                break;
            }
            if (type == 8 && stream == 0 && length == 4) {
                window += b.getInt(at + 9) & Integer.MAX_VALUE;
            } else if (type == 4 && (flags & 1) == 0 && length % 6 == 0) {
                for (int s = at + 9; s < at + 9 + length; s += 6) {
                    if (b.getShort(s) == 4) {
                        initial = b.getInt(s + 2) & 0xffff_ffffL;
                    }
                }
            }
            if (type == 1 && (stream & 1) == 1) {
                streamsNamed.add(stream);
            } else if (type == 3) {
                streamsReset.add(stream);
            }
            goAway |= type == 7;
            at += 9 + length;
        }
        this.framed = at == bytes.length;
        this.connectionWindow = window;
        this.initialWindow = initial;
        this.clientGoAway = goAway;
    }

    static H2FuzzInput read(byte[] input) {
        return new Writer(input).write();
    }

    /** A GET's header block, RFC 7541 with the static table only (no dynamic table entry is made or used). */
    static byte[] getBlock(String path) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.write(0x82); // :method GET
        block.write(0x86); // :scheme http
        literal(block, 4, path); // :path
        literal(block, 1, "127.0.0.1"); // :authority
        return block.toByteArray();
    }

    /** A literal field without indexing, its name the static table's {@code index}, its value short and plain. */
    private static void literal(ByteArrayOutputStream block, int index, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        block.write(index);
        block.write(bytes.length);
        block.writeBytes(bytes);
    }

    /** A frame as RFC 9113 §4.1 lays it out. */
    static byte[] frame(int type, int flags, int stream, byte[] payload) {
        return ByteBuffer.allocate(9 + payload.length).putInt(payload.length << 8 | type).put((byte) flags)
                .putInt(stream).put(payload).array();
    }

    /** Reads the operations; a byte past the input's end reads as 0. */
    private static final class Writer {
        private final byte[] in;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final TreeSet<Integer> cuts = new TreeSet<>();
        private int at;
        private int nextId = 1;
        private int lastId;

        Writer(byte[] in) {
            this.in = in;
        }

        H2FuzzInput write() {
            while (at < in.length && out.size() < MAX_BYTES) {
                operation(u8() % 12);
            }
            cuts.removeIf(c -> c <= 0 || c >= out.size());
            return new H2FuzzInput(out.toByteArray(), cuts.stream().mapToInt(Integer::intValue).toArray());
        }

        private void operation(int op) {
            switch (op) {
                case 0 -> get(u8());
                case 1 -> {
                    int stream = stream(u8());
                    int length = u8();
                    int flags = u8();
                    byte[] payload = new byte[length];
                    if ((flags & 8) != 0 && length > 0) {
                        payload[0] = (byte) (flags >>> 4); // PADDED: the pad length, maybe more than there is
                    }
                    frame(0, flags & 0x9, stream, payload);
                }
                case 2 -> {
                    int entries = u8() % 4;
                    int flags = u8() & 1;
                    ByteBuffer payload = ByteBuffer.allocate(entries * 6);
                    for (int i = 0; i < entries; i++) {
                        payload.putShort((short) (u8() % 8)).putInt(u32());
                    }
                    frame(4, flags, 0, payload.array());
                }
                case 3 -> frame(8, 0, stream(u8()), ByteBuffer.allocate(4).putInt(u32()).array());
                case 4 -> frame(3, 0, stream(u8()), ByteBuffer.allocate(4).putInt(u8()).array());
                case 5 -> frame(2, 0, stream(u8()), take(5));
                case 6 -> frame(6, u8() & 1, 0, take(8));
                case 7 -> frame(7, 0, 0, ByteBuffer.allocate(8).putInt(u32()).putInt(u8()).array());
                case 8 -> {
                    int stream = stream(u8());
                    int flags = u8() & 4;
                    frame(9, flags, stream, take(u8()));
                }
                case 9 -> {
                    int type = u8();
                    int flags = u8();
                    int stream = u32();
                    frame(type, flags, stream, take((u8() << 8 | u8()) % 20_000));
                }
                case 10 -> out.writeBytes(take(u8())); // garbage: not necessarily frames
                default -> cuts.add(out.size() - u8()); // a read ends here, or up to 255 bytes before
            }
        }

        /** A GET of one of FILES: flags, split, and the stream id (next, last, any, or further on) from {@code f}. */
        private void get(int f) {
            String path = FILES[f & 3];
            int id = switch ((f >>> 4) & 3) {
                case 0 -> nextId;
                case 1 -> lastId;
                case 2 -> u8();
                default -> nextId + 2 * u8();
            };
            nextId = Math.max(nextId, id + 2);
            lastId = id;
            int endStream = (f & 4) == 0 ? 1 : 0;
            byte[] block = getBlock(path);
            if ((f & 8) == 0) {
                frame(1, endStream | 4, id, block);
            } else {
                int half = block.length / 2;
                frame(1, endStream, id, Arrays.copyOf(block, half));
                frame(9, 4, id, Arrays.copyOfRange(block, half, block.length));
            }
        }

        /** A stream named by one byte: 0 the last one opened, 1-127 that id, 128 and more the connection (0). */
        private int stream(int ref) {
            return ref >= 0x80 ? 0 : ref == 0 ? lastId : ref;
        }

        private void frame(int type, int flags, int stream, byte[] payload) {
            out.writeBytes(H2FuzzInput.frame(type, flags, stream, payload));
        }

        private int u8() {
            return at < in.length ? in[at++] & 0xff : 0;
        }

        private int u32() {
            return u8() << 24 | u8() << 16 | u8() << 8 | u8();
        }

        private byte[] take(int n) {
            byte[] taken = new byte[n];
            for (int i = 0; i < n && at < in.length; i++) {
                taken[i] = (byte) u8();
            }
            return taken;
        }
    }
}
