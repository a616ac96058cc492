package dev.gsf.loadgen.load.driver;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Gathers one response head from as many reads as it takes. Usually the whole head comes in one read and is parsed
 * in place; otherwise its bytes are copied until the blank line arrives. Used by one client on its event loop.
 */
final class HeadAssembler {
    static final int MAX_HEAD = 16 * 1024;

    private byte[] partial;
    private int length;

    /** Before a new request. */
    void reset() {
        partial = null;
        length = 0;
    }

    /** No byte of this head has come yet. */
    boolean nothingReceived() {
        return length == 0;
    }

    /** Gathered more than {@link #MAX_HEAD} bytes without the head's end. */
    boolean tooLong() {
        return length > MAX_HEAD;
    }

    /**
     * Takes head bytes from {@code buffer} and returns the head once complete, leaving the buffer at the first body
     * byte; null while more bytes are needed (the buffer is then consumed).
     */
    ResponseHead take(ByteBuffer buffer) throws ResponseHead.MalformedException {
        byte[] a = buffer.array();
        int from = buffer.position();
        int to = buffer.limit();
        if (partial == null) {
            int end = ResponseHead.end(a, from, to);
            if (end < 0) {
                partial = Arrays.copyOfRange(a, from, from + Math.max(to - from, 512));
                length = to - from;
                buffer.position(to);
                return null;
            }
            buffer.position(end);
            return ResponseHead.parse(a, from, end - from);
        }
        int old = length;
        int take = Math.min(to - from, MAX_HEAD + 4 - old);
        if (old + take > partial.length) {
            partial = Arrays.copyOf(partial, Math.max(old + take, partial.length * 2));
        }
        System.arraycopy(a, from, partial, old, take);
        length += take;
        int end = ResponseHead.end(partial, Math.max(0, old - 3), length);
        if (end < 0) {
            buffer.position(from + take);
            return null;
        }
        buffer.position(from + (end - old));
        byte[] complete = partial;
        partial = null;
        return ResponseHead.parse(complete, 0, end);
    }
}
