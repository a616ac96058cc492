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
     * Takes head bytes from {@code buffer}; true once the head is complete and parsed into {@code into}, with the
     * buffer left at the first body byte; false while more bytes are needed (the buffer is then consumed).
     */
    boolean take(ByteBuffer buffer, HeadFields into) throws ResponseHead.MalformedException {
        byte[] a = buffer.array();
        int from = buffer.position();
        int to = buffer.limit();
        if (partial == null) {
            int end = ResponseHead.end(a, from, to);
            if (end < 0) {
                partial = Arrays.copyOfRange(a, from, from + Math.max(to - from, 512));
                length = to - from;
                buffer.position(to);
                return false;
            }
            buffer.position(end);
            into.parse(a, from, end - from);
            return true;
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
            return false;
        }
        buffer.position(from + (end - old));
        byte[] complete = partial;
        partial = null;
        into.parse(complete, 0, end);
        return true;
    }
}
