package dev.gsf.micro.conns;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

/**
 * The framing the connections test sends: a 4-byte payload length, the payload, and the CRC32C of the payload in
 * 8 bytes. The server checks every frame it reads.
 */
public final class Frames {
    public static final int OVERHEAD = Integer.BYTES + Long.BYTES;

    private Frames() {
    }

    /** A block of {@code count} frames with random payloads, ready to be written again and again. */
    public static ByteBuffer block(int payloadSize, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ByteBuffer block = ByteBuffer.allocateDirect(count * (payloadSize + OVERHEAD));
        byte[] payload = new byte[payloadSize];
        CRC32C crc = new CRC32C();
        for (int i = 0; i < count; i++) {
            random.nextBytes(payload);
            crc.reset();
            crc.update(payload);
            block.putInt(payloadSize).put(payload).putLong(crc.getValue());
        }
        return block.flip().asReadOnlyBuffer();
    }
}
