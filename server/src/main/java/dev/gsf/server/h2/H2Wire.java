package dev.gsf.server.h2;

import dev.gsf.algorithms.FileSection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayDeque;
import java.util.List;
import org.glassfish.grizzly.FileChunk;
import org.glassfish.grizzly.asyncqueue.TaskQueue;

/**
 * A batch whose DATA payloads go by sendfile, as one write of the connection's queue: the frames' bytes (a gathering
 * write for each run of them) and the payloads (sendfile) in wire order, produced only when the socket can take them.
 *
 * <p>Why one write: Grizzly 5.0.2's queue loses a write when a buffer it is writing is taken from the queue together
 * with a file chunk queued right behind it (TCPNIOAsyncQueueWriter.aggregate parks the chunk as the queue's current
 * element, and a partial write of the buffer then puts the buffer there in its place): the chunk's bytes never go out,
 * the peer reads the next frame's header as payload, and the chunk's completion never comes. A batch of frame headers
 * and sendfile payloads as separate writes hit it whenever the socket filled right after a payload. As one write, the
 * queue never holds a buffer and a chunk of ours side by side.
 *
 * <p>The queue's byte count: Grizzly reserves 1 byte for a {@link FileChunk} and releases the bytes actually written,
 * so each call reserves what Grizzly is about to release, less that 1 byte on the last, and the count balances to 0
 * (as {@code PlainWrites}' sections do).
 *
 * <p>Threads: written by the thread that queues it, or a selector thread, one at a time (the queue's).
 */
final class H2Wire implements FileChunk {
    /** A DATA frame's payload: the next {@code length} bytes of a zero-copy {@code section}, sent by sendfile. */
    record Payload(FileSection section, long length) {
    }

    private static final int MAX_GATHER = 64;

    /** {@link ByteBuffer} frames and {@link Payload}s not yet written, in wire order. */
    private final ArrayDeque<Object> parts;
    private final TaskQueue<?> queue;
    /** Bytes of the head part's payload still to send (when the head part is a {@link Payload}). */
    private long payloadLeft;
    private long left;

    H2Wire(List<Object> parts, TaskQueue<?> queue) {
        this.parts = new ArrayDeque<>(parts);
        this.queue = queue;
        for (Object part : parts) {
            left += part instanceof ByteBuffer frame ? frame.remaining() : ((Payload) part).length();
        }
        payloadLeft = this.parts.peekFirst() instanceof Payload p ? p.length() : 0;
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = 0;
        boolean full = false;
        while (!parts.isEmpty() && !full) {
            long n;
            if (parts.peekFirst() instanceof Payload payload) {
                FileSection section = payload.section();
                n = payloadLeft < section.remaining() ? section.sendTo(channel, payloadLeft) : section.writeTo(channel);
                payloadLeft -= n;
                full = payloadLeft > 0;
                if (!full) {
                    nextPart();
                }
            } else {
                ByteBuffer[] run = parts.stream().limit(MAX_GATHER).takeWhile(ByteBuffer.class::isInstance)
                        .toArray(ByteBuffer[]::new);
                n = ((GatheringByteChannel) channel).write(run);
                full = run[run.length - 1].hasRemaining();
                while (parts.peekFirst() instanceof ByteBuffer frame && !frame.hasRemaining()) {
                    nextPart();
                }
            }
            written += n;
        }
        left -= written;
        if (written > 0) {
            queue.reserveSpace((int) (left > 0 ? written : written - 1));
        }
        return written;
    }

    private void nextPart() {
        parts.pollFirst();
        payloadLeft = parts.peekFirst() instanceof Payload p ? p.length() : 0;
    }

    @Override
    public boolean hasRemaining() {
        return left > 0;
    }

    @Override
    public int remaining() {
        return (int) Math.min(left, Integer.MAX_VALUE);
    }

    @Override
    public boolean release() {
        return true; // the downloads release their files when they end
    }

    @Override
    public boolean isExternal() {
        return true; // never aggregated with buffers (Grizzly would cast it to one)
    }
}
