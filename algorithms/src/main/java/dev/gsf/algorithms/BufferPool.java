package dev.gsf.algorithms;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The copy buffers of one algorithm, shared by all its downloads. A buffer is taken only for one write in flight and
 * given back right after, so the number in use is bounded by the threads writing at once, not by the downloads; the
 * pool keeps at most {@code retained} idle ones and never blocks (an empty pool allocates, a full one drops).
 * Direct buffers: the socket and the file are read and written without the JDK's extra copy through a temporary
 * direct buffer that a heap buffer costs on every call.
 */
final class BufferPool {
    private final int bufferSize;
    private final ArrayBlockingQueue<ByteBuffer> idle;
    private final java.util.concurrent.atomic.AtomicInteger inUse = new java.util.concurrent.atomic.AtomicInteger();

    BufferPool(int bufferSize, int retained) {
        this.bufferSize = bufferSize;
        this.idle = new ArrayBlockingQueue<>(retained);
    }

    ByteBuffer take() {
        inUse.incrementAndGet();
        ByteBuffer buffer = idle.poll();
        return buffer != null ? buffer : ByteBuffer.allocateDirect(bufferSize);
    }

    void give(ByteBuffer buffer) {
        inUse.decrementAndGet();
        idle.offer(buffer.clear());
    }

    /** Buffers taken and not given back: the writes in flight that hold one. */
    int inUse() {
        return inUse.get();
    }
}
