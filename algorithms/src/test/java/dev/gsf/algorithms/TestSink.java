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
    private volatile boolean immediate;
    private final BlockingQueue<Runnable> pending = new LinkedBlockingQueue<>();
    final List<Thread> writers = new CopyOnWriteArrayList<>();
    /** Each write's {@code more}, in order. */
    final List<Boolean> more = new CopyOnWriteArrayList<>();
    final AtomicReference<Outcome> ended = new AtomicReference<>();
    private final List<java.util.concurrent.CompletableFuture<Void>> blocked = new CopyOnWriteArrayList<>();
    private volatile long bytes;
    private final java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
    private volatile boolean gone;
    private final java.util.concurrent.atomic.AtomicLong bufferedWaiting = new java.util.concurrent.atomic.AtomicLong();

    /** Every write of the sinks sharing it, in order: this sink once per write. */
    private final List<TestSink> log;

    TestSink(boolean immediate) {
        this(immediate, new CopyOnWriteArrayList<>());
    }

    TestSink(boolean immediate, List<TestSink> log) {
        this.immediate = immediate;
        this.log = log;
    }

    /** From now on writes complete at once: a client whose socket has drained and takes what comes. */
    void takeAtOnce() {
        immediate = true;
    }

    @Override
    public void writeFirst(ByteBuffer buffer, boolean more, Written done) {
        if (!writers.isEmpty()) {
            throw new AssertionError("writeFirst after another write");
        }
        writers.add(Thread.currentThread());
        log.add(this);
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
        log.add(this);
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

    /**
     * As a worker's blocking write: waits on the calling thread until {@link #completeNext()} (or at once when
     * immediate); refused on a virtual thread, as the server refuses it. {@link #end} fails a write still waiting.
     */
    @Override
    public boolean writeBlocking(FileSection section, boolean more) throws IOException {
        if (Thread.currentThread().isVirtual()) {
            return false;
        }
        java.util.concurrent.CompletableFuture<Void> out = new java.util.concurrent.CompletableFuture<>();
        blocked.add(out);
        write(section, more, new Written() {
            @Override
            public void completed() {
                out.complete(null);
            }

            @Override
            public void failed(Throwable cause) {
                out.completeExceptionally(cause);
            }
        });
        try {
            out.get(60, java.util.concurrent.TimeUnit.SECONDS); // bounded: a test that never completes it fails
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IOException("blocking write not completed", e);
        } finally {
            blocked.remove(out);
        }
        return true;
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
        if (outcome != Outcome.COMPLETED) { // the connection is dropped: a write blocked on it fails
            blocked.forEach(write -> write.completeExceptionally(new IOException("connection closed")));
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
