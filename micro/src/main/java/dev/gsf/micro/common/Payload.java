package dev.gsf.micro.common;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/** Test data: random bytes, reproducible from a seed, in a direct buffer (what socket I/O copies from). */
public final class Payload {
    private Payload() {
    }

    public static ByteBuffer random(int size, long seed) {
        byte[] bytes = new byte[size];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return ByteBuffer.allocateDirect(size).put(bytes).flip();
    }
}
