package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A write sink without a network: writes wait until the test lets them complete ({@link #completeNext()}), or
 * complete at once when made with {@code immediate}. It records what the algorithm did: the bytes written (kept:
 * tests send kilobytes to megabytes), the threads that wrote, and how the download ended.
 */
final class TestSink implements WriteSink {
    private final boolean immediate;
    private final BlockingQueue<Runnable> pending = new LinkedBlockingQueue<>();
    final List<Thread> writers = new CopyOnWriteArrayList<>();
    /** Each write's {@code more}, in order. */
    final List<Boolean> more = new CopyOnWriteArrayList<>();
    final AtomicReference<Outcome> ended = new AtomicReference<>();
    private volatile long bytes;
    private final java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
    private volatile boolean gone;
    private final java.util.concurrent.atomic.AtomicLong bufferedWaiting = new java.util.concurrent.atomic.AtomicLong();

    TestSink(boolean immediate) {
        this.immediate = immediate;
    }

    @Override
    public void writeFirst(ByteBuffer buffer, boolean more, Written done) {
        if (!writers.isEmpty()) {
            throw new AssertionError("writeFirst after another write");
        }
        writers.add(Thread.currentThread());
        this.more.add(more);
        int size = buffer.remaining();
        bufferedWaiting.addAndGet(size);
        submit(() -> {
            bufferedWaiting.addAndGet(-size);
            bytes += keep.write(buffer);
            done.completed();
        });
    }

    @Override
    public void write(FileSection section, boolean more, Written done) {
        if (writers.isEmpty()) {
            throw new AssertionError("a section before the first write");
        }
        writers.add(Thread.currentThread());
        this.more.add(more);
        submit(() -> {
            try {
                while (section.remaining() > 0) {
                    bytes += section.writeTo(keep);
                }
                done.completed();
            } catch (IOException e) {
                done.failed(e);
            }
        });
    }

    private void submit(Runnable write) {
        if (immediate) {
            write.run();
        } else {
            pending.add(write);
        }
    }

    /** Writes waiting for {@link #completeNext()}. */
    int pending() {
        return pending.size();
    }

    /** Lets the oldest waiting write complete, on the calling thread. */
    void completeNext() {
        Runnable write = pending.poll();
        if (write == null) {
            throw new IllegalStateException("no write is waiting");
        }
        write.run();
    }

    /** Bytes of buffer writes (not sections) that wait for {@link #completeNext()}: memory a slow client pins. */
    long bufferedWaiting() {
        return bufferedWaiting.get();
    }

    long bytesWritten() {
        return bytes;
    }

    /** The body bytes in the order they were written. */
    byte[] received() {
        synchronized (received) {
            return received.toByteArray();
        }
    }

    /** The client goes away. */
    void close() {
        gone = true;
    }

    @Override
    public boolean clientGone() {
        return gone;
    }

    @Override
    public void end(Outcome outcome) {
        if (!ended.compareAndSet(null, outcome)) {
            throw new AssertionError("ended twice: " + ended.get() + ", then " + outcome);
        }
    }

    private final Kept keep = new Kept();

    /** Keeps what is written to it in {@link #received}. */
    private final class Kept implements WritableByteChannel {
        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            byte[] bytes = new byte[n];
            src.get(bytes);
            synchronized (received) {
                received.writeBytes(bytes);
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
