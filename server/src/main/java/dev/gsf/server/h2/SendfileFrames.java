package dev.gsf.server.h2;

import dev.gsf.algorithms.FileSection;
import dev.gsf.server.send.ConnectionSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import org.glassfish.grizzly.FileChunk;
import org.glassfish.grizzly.asyncqueue.TaskQueue;

/**
 * A plain (h2c) connection's batch, as one element of Grizzly's write queue: each time the socket can take bytes, the
 * frames held in memory (the payloads' 9-byte headers among them) go by gathering writes and each payload sent by
 * sendfile ({@link H2Batch#SENDFILE_FRAME_MIN}) straight from its file section, in wire order, from where the last call
 * stopped. Nothing is copied when the socket is full: the queue calls again once it can take more. A batch of frames in
 * memory only goes in as few writev calls as the socket allows, where Grizzly's own write of a buffer stops each call
 * at 1.5x the socket's send buffer as Grizzly sized it. Every stream's payloads go to the connection's
 * {@link ConnectionSocket}: sendfile(2) on the socket's own descriptor, which its close cannot release mid-call, so a
 * stream's download takes no dup of it (1,000 connections of 10 streams cost 1,000 socket descriptors, not 11,000).
 *
 * <p>Why one element: Grizzly 5.0.2's queue loses a file chunk queued right behind a buffer that is then written in
 * part (docs/http2.md); a batch is written only once the connection's previous one is out, and nothing else writes
 * on an HTTP/2 connection, so this element is always alone in the queue. The queue's byte count is kept balanced as
 * for HTTP/1.1's sections ({@code send/PlainWrites}): Grizzly reserves 1 byte for a file chunk but releases the
 * bytes written, so each call reserves what Grizzly is about to release, less the 1 byte on the last one.
 *
 * <p>Threads: the thread that queues the batch (Grizzly writes at once when the queue is empty), then a selector
 * thread; one call at a time.
 */
final class SendfileFrames implements FileChunk {
    /** A DATA payload: {@code length} bytes of {@code section}, on the wire after the first {@code after} segments. */
    record Payload(int after, FileSection section, int length) {
    }

    private final List<ByteBuffer> segments;
    private final List<Payload> payloads;
    private final TaskQueue<?> queue;
    /** The connection's socket, which the payloads go to by its own descriptor (a stream's sends take no dup). */
    private final ConnectionSocket socket;
    private long remaining;
    /** The next segment and payload to write, and the bytes of that payload still to send (-1: none sent yet). */
    private int segment;
    private int payload;
    private long left = -1;

    SendfileFrames(List<ByteBuffer> segments, List<Payload> payloads, TaskQueue<?> queue, ConnectionSocket socket) {
        this.segments = segments;
        this.socket = socket;
        this.payloads = payloads;
        this.queue = queue;
        for (ByteBuffer s : segments) {
            remaining += s.remaining();
        }
        for (Payload p : payloads) {
            remaining += p.length();
        }
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = 0;
        long step;
        while (remaining - written > 0 && (step = step(channel)) > 0) {
            written += step;
        }
        remaining -= written;
        if (written > 0) {
            queue.reserveSpace((int) (remaining > 0 ? written : written - 1));
        }
        return written;
    }

    /**
     * Writes the segments up to the next payload, or else that payload, as far as the socket takes them; returns the
     * bytes written (0: the socket is full).
     *
     * @throws IOException the socket failed, or the file ended before the section did (the frame's header is out:
     *                     the connection cannot go on)
     */
    private long step(WritableByteChannel channel) throws IOException {
        int end = payload < payloads.size() ? payloads.get(payload).after() : segments.size();
        if (segment < end) {
            ByteBuffer[] frames = segments.subList(segment, end).toArray(ByteBuffer[]::new);
            long wrote = ((GatheringByteChannel) channel).write(frames);
            while (segment < end && !segments.get(segment).hasRemaining()) {
                segment++;
            }
            return wrote;
        }
        Payload next = payloads.get(payload);
        if (left < 0) {
            left = next.length();
        }
        long sent = next.section().writeTo(socket, left); // the channel's own, guarded against its close
        left -= sent;
        if (left == 0) {
            payload++;
            left = -1;
        }
        return sent;
    }

    @Override
    public boolean hasRemaining() {
        return remaining > 0;
    }

    @Override
    public int remaining() {
        return (int) Math.min(remaining, Integer.MAX_VALUE);
    }

    @Override
    public boolean release() {
        return true; // the slabs go back with the batch, the sections with their downloads
    }

    @Override
    public boolean isExternal() {
        return true; // never aggregated with buffers (Grizzly would cast it to one)
    }
}
