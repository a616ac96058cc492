package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.asyncqueue.WritableMessage;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.Buffers;

/**
 * One download as the HTTP layer hands it to an algorithm: an open file, the bytes [offset, offset+length) to send,
 * and the connection whose response headers are already committed. The download holds the file from then on: it
 * releases it when it ends, and closes the connection too unless the outcome is {@link Outcome#COMPLETED}.
 *
 * <p>The writing is shared by all algorithms and lives here; an algorithm only decides which thread calls
 * {@link #writeChunkBlocking()} or {@link #writeChunkAsync}, and when. At most one write is in flight at a time.
 */
public final class Download {

    /** Told once how a download ended, on whichever thread ended it. Must not block. */
    @FunctionalInterface
    public interface Listener {
        void ended(Outcome outcome, long bytesSent, Throwable cause);

        /** The kernel has taken the download's first body bytes: its time to first byte ends now. Must not block. */
        default void firstBytesSent() {
        }
    }

    private final OpenFile source;
    private final FileChannel file;
    private final FilterChainContext connection;
    private final Listener listener;
    private final AtomicBoolean ended = new AtomicBoolean();

    private final AtomicBoolean started = new AtomicBoolean();
    private Scheduler scheduler;
    private ByteBuffer copyBuffer;
    private long position;
    private long remaining;
    private volatile long bytesSent; // read by the sweeper thread when it ends a download
    /** System.nanoTime() when the write in flight was submitted, 0 when none is. Read by the timeout sweeper. */
    private volatile long writeSubmittedAt;

    /**
     * @param file       open for reading; the download releases it when it ends
     * @param offset     first byte to send
     * @param length     bytes to send, at least 1
     * @param connection the request's context on the HTTP filter; writes go below it, straight to the transport
     */
    public Download(OpenFile file, long offset, long length, FilterChainContext connection, Listener listener) {
        if (offset < 0 || length < 1) {
            throw new IllegalArgumentException("bad range: offset " + offset + ", length " + length);
        }
        this.source = file;
        this.file = file.channel();
        this.position = offset;
        this.remaining = length;
        this.connection = connection;
        this.listener = listener;
    }

    /** Body bytes the kernel has taken so far; any thread (for status pages and metrics). */
    public long bytesSent() {
        return bytesSent;
    }

    void attach(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Called at the start of every turn; the first one takes the download out of the waiting count. */
    void beginTurn() {
        if (started.compareAndSet(false, true)) {
            scheduler.firstTurnBegun();
        }
    }

    boolean hasRemaining() {
        return remaining > 0;
    }

    boolean isEnded() {
        return ended.get();
    }

    /** Writes one chunk and returns when the kernel has taken all of it. Blocks the calling thread. */
    void writeChunkBlocking() throws Exception {
        CompletableFuture<Void> written = new CompletableFuture<>();
        writeChunkAsync(() -> written.complete(null), written::completeExceptionally);
        try {
            // The sweeper ends a stuck write after the timeout; this bound only guards against a lost callback.
            written.get(scheduler.settings.writeTimeout().toNanos() * 2, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            timedOut();
            throw e;
        }
    }

    /**
     * Starts writing one chunk without waiting. When the kernel has taken all of it, {@code onWritten} runs on the
     * thread that finished the write (this one, or a Grizzly selector thread); it must not block.
     */
    void writeChunkAsync(Runnable onWritten) throws IOException {
        writeChunkAsync(onWritten, this::fail);
    }

    private void writeChunkAsync(Runnable onWritten, java.util.function.Consumer<Throwable> onFailed)
            throws IOException {
        int length = (int) Math.min(remaining, scheduler.settings.chunkSize());
        WritableMessage chunk = nextChunk(length);
        writeSubmittedAt = System.nanoTime();
        connection.write(chunk, new CompletionHandler<WriteResult>() {
            @Override
            public void completed(WriteResult result) {
                writeSubmittedAt = 0;
                position += length;
                remaining -= length;
                boolean first = bytesSent == 0;
                bytesSent += length;
                if (first) {
                    listener.firstBytesSent();
                }
                onWritten.run();
            }

            @Override
            public void failed(Throwable cause) {
                writeSubmittedAt = 0;
                onFailed.accept(cause);
            }

            @Override
            public void cancelled() {
                failed(new IOException("write cancelled"));
            }

            @Override
            public void updated(WriteResult result) {
            }
        });
    }

    private WritableMessage nextChunk(int length) throws FileReadException {
        if (scheduler.settings.zeroCopy()) {
            return new FileRegion(file, position, length);
        }
        if (copyBuffer == null) {
            copyBuffer = ByteBuffer.allocate(scheduler.settings.chunkSize());
        }
        copyBuffer.clear().limit(length);
        try {
            while (copyBuffer.hasRemaining()) {
                if (file.read(copyBuffer, position + copyBuffer.position()) < 0) {
                    throw new FileReadException("file ended before the range did (was it truncated?)", null);
                }
            }
        } catch (IOException e) {
            throw new FileReadException("cannot read file: " + e.getMessage(), e);
        }
        copyBuffer.flip();
        // The buffer is reused for the next chunk, which is only made once this one has been written.
        var message = Buffers.wrap(connection.getMemoryManager(), copyBuffer);
        message.allowBufferDispose(false);
        return message;
    }

    /** Ends the download as complete; the connection stays open for the next request. */
    void complete() {
        end(Outcome.COMPLETED, null);
    }

    /** Ends the download for the given failure, classified by what failed. */
    void fail(Throwable cause) {
        Outcome outcome;
        if (cause instanceof FileReadException || !(cause instanceof IOException)) {
            outcome = Outcome.SERVER_ERROR;
        } else {
            outcome = Outcome.CLIENT_GONE;
        }
        end(outcome, cause);
    }

    /** Called by the sweeper when the write in flight has waited longer than the write timeout. */
    boolean isWriteOverdue(long now, long timeoutNanos) {
        long since = writeSubmittedAt;
        return since != 0 && now - since > timeoutNanos;
    }

    void timedOut() {
        end(Outcome.WRITE_TIMEOUT, new TimeoutException(
                "client took no chunk for " + scheduler.settings.writeTimeout().toMillis() + " ms"));
    }

    void end(Outcome outcome, Throwable cause) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        source.release();
        if (outcome != Outcome.COMPLETED) {
            // Terminate, not close: a graceful close queues behind the failed write and can wait forever (seen
            // with clients that reset mid-body). Terminating fails any write still queued and tells Grizzly to drop
            // the suspended response.
            connection.getConnection().terminateSilently();
        }
        // Marks the download started so that a turn still queued does nothing and counts nothing.
        boolean hadTurn = !started.compareAndSet(false, true);
        try {
            listener.ended(outcome, bytesSent, cause);
        } finally {
            // Counted last: whoever sees the download counted as ended also sees what the listener did.
            scheduler.ended(this, hadTurn, outcome, bytesSent);
        }
    }

    /** Reading the file failed: the server's fault, not the client's. */
    static final class FileReadException extends IOException {
        FileReadException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
