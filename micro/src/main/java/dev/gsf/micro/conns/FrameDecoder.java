package dev.gsf.micro.conns;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Parses one connection's byte stream into frames, however the reads split it, and checks each checksum.
 * Used by the one thread that reads the connection. A bad length means the stream lost its framing: it is
 * counted as corrupt and the rest of the stream is ignored.
 */
public final class FrameDecoder {
    private final ByteBuffer frame;
    private final CRC32C crc = new CRC32C();
    private int need = Integer.BYTES;
    private boolean inHeader = true;
    private boolean lost;
    private long valid;
    private long corrupt;

    public FrameDecoder(int maxPayload) {
        this.frame = ByteBuffer.allocate(maxPayload + Frames.OVERHEAD);
    }

    /** Consumes all of src; returns the number of valid frames completed by these bytes. */
    public int feed(ByteBuffer src) {
        int completed = 0;
        while (src.hasRemaining() && !lost) {
            int n = Math.min(src.remaining(), need - frame.position());
            frame.put(src.slice(src.position(), n));
            src.position(src.position() + n);
            if (frame.position() < need) {
                break;
            }
            if (inHeader) {
                int length = frame.getInt(0);
                if (length < 0 || length + Frames.OVERHEAD > frame.capacity()) {
                    corrupt++;
                    lost = true;
                    break;
                }
                need = Frames.OVERHEAD + length;
                inHeader = false;
            } else {
                crc.reset();
                crc.update(frame.array(), Integer.BYTES, need - Frames.OVERHEAD);
                if (crc.getValue() == frame.getLong(need - Long.BYTES)) {
                    valid++;
                    completed++;
                } else {
                    corrupt++;
                }
                frame.clear();
                need = Integer.BYTES;
                inHeader = true;
            }
        }
        src.position(src.limit());
        return completed;
    }

    public long valid() {
        return valid;
    }

    public long corrupt() {
        return corrupt;
    }

    /** Bytes of an unfinished frame: non-zero at end of stream means a frame was cut off. */
    public int pending() {
        return frame.position();
    }
}
