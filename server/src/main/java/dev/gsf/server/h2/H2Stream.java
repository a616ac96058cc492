package dev.gsf.server.h2;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.WriteSink;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;

/**
 * One HTTP/2 stream's answer, and the {@link WriteSink} of its download: each write becomes DATA frames that the
 * connection's {@link H2Writer} sends when the stream's send window, the connection's, and the connection's bound
 * on bytes in flight let it (the algorithm's "would block"); the answer's head goes out as a HEADERS frame before the
 * first one. A stream holds at most one write at a time, as the algorithms make at most one.
 *
 * <p>Threads: the sink's methods on the algorithm's threads; the window and the pending write are changed under the
 * writer's lock only, by the thread building a batch or reading the connection.
 */
final class H2Stream implements WriteSink {
    final int id;
    private final H2Connection connection;
    /** Bytes the peer still lets this stream send; guarded by the writer. */
    long window;
    /** The head to send before any DATA, null once sent (or none); guarded by the writer. */
    MetaData.Response head;
    /** Bytes of the current write still to send; null when none waits. Guarded by the writer. */
    Source pending;
    /** Told when the current write has gone out; guarded by the writer. */
    Written done;
    /** END_STREAM after the current write. */
    boolean endAfter;
    /** The last batch given payloads of this stream to send by sendfile; guarded by the writer. */
    H2Batch sendfileBatch;
    /** The last batch that took a whole write of this stream, and that write's callback; guarded by the writer. */
    H2Batch writtenIn;
    Written writtenDone;
    /** Whether the stream is queued among the writer's ready ones. */
    boolean queued;
    /** Reset by either side, or the connection is gone: nothing more is sent. */
    volatile boolean closed;
    private volatile boolean headSent;
    private volatile boolean answeredServerError;
    /** The answer's head as decided, sent with the first write. */
    private volatile MetaData.Response answerHead;
    private volatile Runnable serverError;
    /** Body bytes not yet handed to the writer, by the head's Content-Length; -1 when unknown. */
    private long bodyToSend = -1;
    /** Whether the body's zero-copy sections go by sendfile: a body of at least {@link Source#SENDFILE_MIN}. */
    private boolean bodyBySendfile;

    /** The request, kept until it has ended; read and written by the thread reading the connection only. */
    MetaData.Request request;
    /** The client has ended its side (END_STREAM): a DATA or HEADERS frame on it is STREAM_CLOSED. */
    boolean remoteClosed;
    private long bodyReceived;

    H2Stream(int id, long window, H2Connection connection) {
        this.id = id;
        this.window = window;
        this.connection = connection;
    }

    /** Counts {@code bytes} of request body; false when the body is now longer than its Content-Length. */
    boolean bodyReceived(long bytes) {
        bodyReceived += bytes;
        long declared = request == null ? -1 : request.getContentLength();
        return declared < 0 || bodyReceived <= declared;
    }

    /** Whether the body received matches the request's Content-Length, when it has one. */
    boolean bodyMatchesLength() {
        long declared = request.getContentLength();
        return declared < 0 || bodyReceived == declared;
    }

    /** The answer's head, and the 500 that replaces the answer if the download fails before its first write. */
    void answer(MetaData.Response head, Runnable serverError) {
        this.answerHead = head;
        this.serverError = serverError;
        this.bodyToSend = head.getContentLength();
        this.bodyBySendfile = bodyToSend >= Source.SENDFILE_MIN;
    }

    /**
     * Whether a write of {@code length} bytes is the body's last (its Content-Length reached): END_STREAM then goes
     * on its last DATA frame, and the download's end adds no frame of its own.
     */
    private boolean lastOfBody(long length) {
        bodyToSend -= length;
        return bodyToSend == 0;
    }

    boolean answeredServerError() {
        return answeredServerError;
    }

    /** Sends {@code head} and {@code body} (none when null) and ends the stream: an answer of the handler's own. */
    void sendWhole(MetaData.Response head, ByteBuffer body) {
        headSent = true;
        connection.writer().submit(this, head, body == null ? null : Source.of(body), null, true);
    }

    /**
     * The head and first bytes, held for the next write when the first came with {@code more} off the reading thread
     * (see {@link #writeFirst}); null when none are held. Only the download's current thread touches it.
     */
    private ByteBuffer heldFirst;

    /**
     * With {@code more} (the rest of the chunk follows at once) on an algorithm's thread, the head and these bytes
     * are held, the write told done at once, and they go with the next write: one submit, one batch and one socket
     * write for the head and the whole chunk where there were two (ENBA's 64 KB h2c responses: 2.9 socket writes each
     * before; docs/results/2026-11-28-h2-enba-64kb-counted.md), as WriteSink's {@code more} lets a sink hold bytes.
     * Not on the reading thread, whose writes wait for the end of the read anyway and go out in one batch of heads
     * and bytes held in memory ahead of file reads; not for a body sent by sendfile, whose section is not copied.
     */
    @Override
    public void writeFirst(ByteBuffer bytes, boolean more, Written done) {
        headSent = true;
        boolean last = lastOfBody(bytes.remaining());
        if (more && !last && !bodyBySendfile && !connection.onReadingThread()) {
            heldFirst = bytes;
            done.completed();
            return;
        }
        connection.writer().submit(this, answerHead, Source.of(bytes), done, last);
    }

    @Override
    public void write(FileSection section, boolean more, Written done) {
        Source rest = Source.of(section, bodyBySendfile);
        boolean last = lastOfBody(section.remaining());
        ByteBuffer first = heldFirst;
        heldFirst = null;
        connection.writer().submit(this, first == null ? null : answerHead,
                first == null ? rest : Source.then(first, rest), done, last);
    }

    @Override
    public boolean writeBlocking(FileSection section, boolean more) {
        return false; // frames are sent by the connection's writer: the algorithm waits for write's callback
    }

    @Override
    public boolean clientGone() {
        return closed;
    }

    @Override
    public void end(Outcome outcome) {
        ByteBuffer held = heldFirst; // none: a write always follows one held (WriteSink's more); sent all the same
        heldFirst = null;
        if (outcome == Outcome.COMPLETED) {
            if (held != null) {
                connection.writer().submit(this, answerHead, Source.of(held), null, true);
            } else if (bodyToSend != 0) { // else END_STREAM went with the last bytes
                connection.writer().submit(this, null, null, null, true);
            }
        } else if (outcome == Outcome.SERVER_ERROR && !headSent && !closed && serverError != null) {
            answeredServerError = true;
            serverError.run();
        } else if (!closed) {
            connection.writer().reset(this, ErrorCode.INTERNAL_ERROR);
        }
    }

    /** What a write's bytes come from: the algorithm's buffer, or a file section read as the socket takes it. */
    interface Source {
        /**
         * The shortest body whose zero-copy sections' payloads go by sendfile; a shorter one is copied into its
         * frames (the algorithms write a body in sections as short as a chunk, so the body's length decides). A writev of the header and a sendfile per frame cost more than the copy on a small body: 64 KB
         * under h2load -c100 -m10, ADA took 61.5 us of CPU per response by sendfile against 46.9 copied, 0.92x nginx
         * against 1.16x; one 100 MB stream took 0.33 CPU s/GB by sendfile against 0.48-0.64 copied (2026-11-28:
         * results/2026-11-28-http2-one-stream-timed.md, -h2c-sendfile-cost.md). Where between them it turns was
         * not measured.
         */
        long SENDFILE_MIN = 1 << 20;

        /** Copies the next bytes into {@code target}, as many as fit. */
        int readInto(ByteBuffer target) throws IOException;

        long remaining();

        /** Whether the next bytes must be read from a file (the algorithm's section), not copied from memory. */
        default boolean fromFile() {
            return false;
        }

        /**
         * The zero-copy section the bytes come from, whose next {@link #claim claimed} bytes are sent by sendfile
         * right after their frame header; null when they must be copied into the frame ({@link #readInto}).
         */
        default FileSection sendable() {
            return null;
        }

        /** The next {@code bytes} are put in a frame, to be sent from {@link #sendable()} when it is written. */
        default void claim(long bytes) {
            throw new UnsupportedOperationException("bytes held in memory are copied into their frame");
        }

        static Source of(ByteBuffer bytes) {
            return new Source() {
                @Override
                public int readInto(ByteBuffer target) {
                    int n = Math.min(bytes.remaining(), target.remaining());
                    target.put(bytes.slice(bytes.position(), n));
                    bytes.position(bytes.position() + n);
                    return n;
                }

                @Override
                public long remaining() {
                    return bytes.remaining();
                }
            };
        }

        /** {@code first}'s bytes, then {@code rest}'s (one copied into frames: {@code rest} is not by sendfile). */
        static Source then(ByteBuffer first, Source rest) {
            Source head = of(first);
            return new Source() {
                @Override
                public int readInto(ByteBuffer target) throws IOException {
                    return head.remaining() > 0 ? head.readInto(target) : rest.readInto(target);
                }

                @Override
                public long remaining() {
                    return head.remaining() + rest.remaining();
                }

                @Override
                public boolean fromFile() {
                    return rest.fromFile();
                }
            };
        }

        /**
         * {@code section}'s bytes. Its bytes in frames not yet written are claimed, not sent: {@link #remaining()}
         * counts those not yet put in a frame, which the section (advanced as bytes go out) does not know. By
         * sendfile ({@link #sendable}) when {@code sendfile} and the section is a zero-copy one.
         */
        static Source of(FileSection section, boolean sendfile) {
            boolean bySendfile = sendfile && section.zeroCopy();
            return new Source() {
                private long unclaimed = section.remaining();

                @Override
                public int readInto(ByteBuffer target) throws IOException {
                    int read = section.readInto(target);
                    unclaimed -= read;
                    return read;
                }

                @Override
                public long remaining() {
                    return unclaimed;
                }

                @Override
                public FileSection sendable() {
                    return bySendfile ? section : null;
                }

                @Override
                public void claim(long bytes) {
                    unclaimed -= bytes;
                }

                @Override
                public boolean fromFile() {
                    return remaining() > 0;
                }
            };
        }
    }
}
