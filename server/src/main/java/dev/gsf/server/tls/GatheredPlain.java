package dev.gsf.server.tls;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * Plain bytes from several buffers copied into one pooled direct buffer, so that BoringSSL seals them in one record.
 * Netty's engine writes each source buffer of a wrap as a record of its own: a response head and the small body
 * behind it went out as two records (a 270-byte one and a 1,024-byte one for a 1 KB file), each with its own header,
 * tag and encryption call, where the JDK's engine and nginx make one. The copy is at most one record's plaintext.
 *
 * <p>Threads: any; a buffer is taken and given back by the same wrap call, under the engine's lock.
 */
final class GatheredPlain {
    /** The most plaintext a TLS record carries (RFC 8446 section 5.1); Netty's engine wraps no more per call. */
    static final int MOST = 1 << 14;
    /** Idle buffers; one is in use only during a wrap, at most 64 kept. */
    private static final ArrayBlockingQueue<ByteBuffer> IDLE = new ArrayBlockingQueue<>(64);

    private GatheredPlain() {
    }

    /**
     * Whether a record of {@code srcs[offset, offset + length)} needs their bytes gathered: the first buffer with bytes
     * left holds less than a record's worth, and another one after it has bytes too. (A first buffer of a whole
     * record's worth or more is sealed from where it is, without a copy.)
     */
    static boolean needed(ByteBuffer[] srcs, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (srcs[i].hasRemaining()) {
                return srcs[i].remaining() < MOST && withBytes(srcs, i + 1, offset + length - i - 1) > 0;
            }
        }
        return false;
    }

    /** How many of {@code srcs[offset, offset + length)} have bytes left. */
    static int withBytes(ByteBuffer[] srcs, int offset, int length) {
        int count = 0;
        for (int i = offset; i < offset + length; i++) {
            if (srcs[i].hasRemaining()) {
                count++;
            }
        }
        return count;
    }

    /**
     * A pooled buffer holding the first {@link #MOST} bytes left in {@code srcs} (flipped); their positions do not
     * move ({@link #consumed} moves them by what the engine took). Give it back with {@link #giveBack}.
     */
    static ByteBuffer copy(ByteBuffer[] srcs, int offset, int length) {
        ByteBuffer plain = IDLE.poll();
        if (plain == null) {
            plain = ByteBuffer.allocateDirect(MOST);
        }
        plain.clear();
        for (int i = offset; i < offset + length && plain.hasRemaining(); i++) {
            ByteBuffer src = srcs[i];
            int n = Math.min(src.remaining(), plain.remaining());
            plain.put(plain.position(), src, src.position(), n).position(plain.position() + n);
        }
        return plain.flip();
    }

    /** Moves the positions of {@code srcs}, in order, past the {@code taken} bytes the engine sealed. */
    static void consumed(ByteBuffer[] srcs, int offset, int length, int taken) {
        for (int i = offset; i < offset + length && taken > 0; i++) {
            int n = Math.min(srcs[i].remaining(), taken);
            srcs[i].position(srcs[i].position() + n);
            taken -= n;
        }
    }

    static void giveBack(ByteBuffer plain) {
        IDLE.offer(plain);
    }
}
