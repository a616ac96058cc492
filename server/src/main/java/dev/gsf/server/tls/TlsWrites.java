package dev.gsf.server.tls;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink.Written;
import dev.gsf.server.send.BodyWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Body sections on a TLS connection, for every algorithm: sendfile cannot carry TLS records (the kernel would send
 * the file's plain bytes), so a section is read piece by piece into a pooled buffer and each piece is encrypted into
 * a record ({@link TlsRecords}), in order with every other write of the connection (the head, the next response),
 * before the write call returns. The plain buffer is back in the pool then; a record is held by the connection's write
 * queue only until the kernel has taken it. A piece is one TLS record's worth (16 KiB; 16,367 bytes under the JDK),
 * so a download holds at most one record in memory, as nginx holds one ssl_buffer_size; under the JDK's engines,
 * whose records are on the heap, once its client has made a piece wait, most likely 4 KiB ({@link Pace}).
 *
 * <p>The {@link BodyWriter} of a download on a TLS connection ({@link #orPlain} picks it): the sink around it knows
 * nothing of records. The download's first write, the head, goes down the filter chain instead, where
 * {@link RecordFilter} seals it into a pooled record too; {@link #afterHead} lets go of what Grizzly's own wrap may
 * still hold (the handshake's buffer).
 *
 * <p>Threads: {@link #write} on the thread the algorithm chose; its next pieces are read and encrypted on the thread
 * that saw the previous one written (this one, or a selector thread). {@link #writeBlocking} blocks the calling
 * thread (platform or virtual) until the kernel has taken the whole section.
 */
public final class TlsWrites implements BodyWriter {
    /**
     * Plain bytes per write under the JDK's TLS: the most the JDK puts in one TLS 1.3 record (a record of at most
     * 2^14 + 5 bytes, less the 5-byte header, the 16-byte tag and the content type byte). A 16 KB piece was a full
     * record and a 17-byte one.
     */
    static final int PIECE = (16 << 10) - 17;
    /**
     * Plain bytes per write under BoringSSL, which seals a whole 2^14 in one record: so a 64 KiB chunk (EBA's, ENBA's,
     * ADA's) is four records, where pieces of {@link #PIECE} made it five, the fifth of 68 bytes (a wrap, a pread and
     * a write(2) more per chunk, 16 per MB).
     */
    static final int BORING_PIECE = GatheredPlain.MOST;
    /**
     * Plain bytes per write under the JDK's engines once a download's client has made a piece wait
     * {@link #SLOW_NANOS}, past the room its socket showed before ({@link Pace}): the record that waits is held until
     * the kernel takes it, and the JDK's are on the heap, where 10,000 slow clients' whole records (167 MB) took two
     * thirds of the default one. (A fast client never waits that long: its socket drains in milliseconds.) Also the
     * most a small record carries (a file's tail, under either engine: {@link RecordBuffers#firstSize}).
     */
    static final int SMALL_PIECE = 4 << 10;
    private static final long SLOW_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** How long a blocked writer waits before it looks whether the connection was closed (write timeout, stop). */
    private static final long WAIT_MILLIS = 250;
    /** Idle piece buffers; one is taken only while its piece is read and encrypted, at most 64 kept. */
    private static final ArrayBlockingQueue<ByteBuffer> IDLE = new ArrayBlockingQueue<>(64);

    private final FilterChainContext context;
    /** The connection's engine, the one its SSL filter handshook with. */
    private final SSLEngine engine;
    /**
     * How much of the body each record carries: under BoringSSL a whole record's worth always (its records are
     * direct memory, bounded apart from the heap: {@link RecordBuffers#DIRECT_IN_USE_BYTES}), as nginx's are; under
     * the JDK's engines the connection's own (its client stays as slow).
     */
    private final Pace pace;
    /** Plain bytes of a whole record under this connection's engine: {@link #PIECE} or {@link #BORING_PIECE}. */
    private final int whole;

    private TlsWrites(FilterChainContext context, SSLEngine engine) {
        this.context = context;
        this.engine = engine;
        boolean boring = engine instanceof BoringEngine;
        this.pace = boring ? Pace.WHOLE : Pace.of(context.getConnection());
        this.whole = boring ? BORING_PIECE : PIECE;
    }

    /** The TLS writer of a download on {@code context}'s connection when it has an SSL engine, else the plain one. */
    public static BodyWriter orPlain(FilterChainContext context) {
        SSLEngine engine = SSLUtils.getSSLEngine(context.getConnection());
        return engine == null ? BodyWriter.plain(context) : new TlsWrites(context, engine);
    }

    @Override
    public void write(FileSection section, Written done) {
        new Queued(section, done).run();
    }

    /** Always: a TLS write waits for its records in the connection's write queue, on any thread. */
    @Override
    public boolean canWriteBlocking() {
        return true;
    }

    /**
     * Writes all of {@code section} and returns when the kernel has taken it, waiting on this thread for each piece
     * to be written before the next is read (one record held at a time); then tells {@code done}.
     */
    @Override
    public void writeBlocking(FileSection section, Written done) throws IOException {
        while (section.remaining() > 0) {
            long start = System.nanoTime();
            Awaited written = new Awaited();
            int bytes = writePiece(section, written);
            boolean tookAtOnce = written.isDone();
            await(written);
            if (tookAtOnce) {
                pace.tookAtOnce(bytes);
            } else {
                pace.waited(System.nanoTime() - start, bytes);
            }
        }
        done.completed();
    }

    /**
     * The head (and a small file's whole body) went down the filter chain, sealed by {@link RecordFilter} into a
     * pooled record; Grizzly's SSL filter may still hold the last buffer its own wrap used (the handshake's): it is
     * let go of once the write is out, or a slow download would hold it to its end and a keep-alive connection until
     * its next response.
     */
    @Override
    public Written afterHead(Written done) {
        Connection<?> connection = context.getConnection();
        return new Written() {
            @Override
            public void completed() {
                FilterRecords.release(connection);
                done.completed();
            }

            @Override
            public void failed(Throwable cause) {
                done.failed(cause);
            }
        };
    }

    /**
     * Reads the section's next piece into a pooled buffer and has it encrypted and queued before this returns; the
     * buffer goes back to the pool then; returns the piece's plain bytes. The piece is read at the section's own
     * position (FileSection.readInto, pread): reading it through transferTo into a buffer took the file channel's
     * shared position lock, on which 38 of 50 ENBA workers were found waiting (one shared channel per file), and a
     * copy section read its whole chunk (up to 1 MB) for each 16 KB piece.
     */
    private int writePiece(FileSection section, Written done) throws IOException {
        ByteBuffer plain = IDLE.poll();
        if (plain == null) {
            plain = ByteBuffer.allocateDirect(BORING_PIECE);
        }
        try {
            plain.clear().limit(pace.next(whole));
            int bytes = section.readInto(plain);
            if (bytes == 0) {
                throw new IOException("a section of " + section.remaining() + " bytes gave none");
            }
            TlsRecords.write(context, engine, plain.flip(), done);
            return bytes;
        } finally {
            IDLE.offer(plain);
        }
    }

    private void await(Awaited written) throws IOException {
        try {
            while (true) {
                try {
                    written.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                    return;
                } catch (TimeoutException e) {
                    if (!context.getConnection().isOpen()) {
                        throw new ClosedChannelException(); // the download was ended: write timeout or stop
                    }
                }
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while a TLS write was in flight");
        }
    }

    /** A piece's write, waited for by a blocked writer. */
    private static final class Awaited extends CompletableFuture<Void> implements Written {
        @Override
        public void completed() {
            complete(null);
        }

        @Override
        public void failed(Throwable cause) {
            completeExceptionally(cause);
        }
    }

    /**
     * A section written piece after piece without blocking: each piece's completion starts the next. A completion
     * that comes before the write call returned (the kernel took the piece at once) is left to the loop of the
     * writing thread, so a long section does not nest one call per piece.
     */
    private final class Queued implements Written {
        private static final int WRITING = 0;
        private static final int RETURNED = 1;
        private static final int COMPLETED = 2;
        private final FileSection section;
        private final Written done;
        private final AtomicInteger state = new AtomicInteger();
        /** When the piece in flight was left to its completion (the write call returned before it). */
        private volatile long returnedAt;
        /** The plain bytes of the piece in flight. */
        private volatile int inFlight;

        Queued(FileSection section, Written done) {
            this.section = section;
            this.done = done;
        }

        void run() {
            try {
                while (section.remaining() > 0) {
                    state.set(WRITING);
                    returnedAt = System.nanoTime();
                    int bytes = writePiece(section, this);
                    inFlight = bytes;
                    if (state.compareAndSet(WRITING, RETURNED)) {
                        return; // in flight (or failed, and done told): its completion goes on
                    }
                    pace.tookAtOnce(bytes);
                }
            } catch (IOException | RuntimeException e) {
                done.failed(e);
                return;
            }
            done.completed();
        }

        /** A piece is out: the next one, here or (when the write call has not returned yet) in its loop. */
        @Override
        public void completed() {
            if (!state.compareAndSet(WRITING, COMPLETED)) {
                pace.waited(System.nanoTime() - returnedAt, inFlight);
                run();
            }
        }

        @Override
        public void failed(Throwable cause) {
            done.failed(cause);
        }
    }

    /**
     * How much of the body each record of a connection carries under the JDK's engines (BoringSSL's: {@link #WHOLE}): a
     * whole record's worth until its client makes a piece wait longer than {@link #SLOW_NANOS} for the kernel; from
     * then on (in this download and the connection's next ones: a slow client stays slow) pieces only as large as the
     * room its socket showed before its last wait leaves with a small one behind, and {@link #SMALL_PIECE}s after them,
     * so that the piece that waits, held until the client reads on, is most likely a small one. A client reading at 20
     * KB/s with a 64 KB burst frees tens of KB at a time: with small pieces only each of those took 4 KB records, one
     * pread and one write(2) per 4 KB, where nginx writes 16 KB records
     * (docs/results/2026-11-28-tls-slow-clients-counted.md). Should the room be smaller than the last one, a larger
     * record waits instead, as a fast client's may: one record per download either way. Only waits make a client slow:
     * after a slow client's socket drained, the pieces written into the free space are all taken at once, and the one
     * that fills it is the one that waits; and a single quick wait says little, since a slow client's socket also
     * drains a little at a time. Written by one writer at a time.
     */
    static final class Pace {
        /**
         * Whole pieces always, whatever the waits: BoringSSL's. At 10,000 slow TLS clients small records cost 2.1x
         * nginx's CPU per GB where whole ones, in direct memory, cost 1.0x
         * (docs/results/2026-11-28-tls-10000-clients-whole-direct-records.md).
         */
        static final Pace WHOLE = new Pace(true);
        private static final Attribute<Pace> OF_CONNECTION =
                Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(Pace.class.getName(), () -> new Pace(false));
        /** Longer than this, a piece's completion was a wait for the client to read on. */
        private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
        private final boolean alwaysWhole;
        private volatile boolean slow;
        /** Plain bytes of the pieces the kernel took at once since the last wait. */
        private volatile long takenSinceWait;
        /** What {@link #takenSinceWait} was at the last wait: the room the socket had then. */
        private volatile long roomAtLastWait;

        Pace(boolean alwaysWhole) {
            this.alwaysWhole = alwaysWhole;
        }

        static Pace of(Connection<?> connection) {
            return OF_CONNECTION.get(connection);
        }

        /**
         * The next piece's size: what the room of the last wait has space for with a small piece behind it, at most a
         * whole record's worth and at least a small one's. So a slow client's room fills with whole pieces, then one
         * piece of the rest less a small one, then small ones, where it took small ones only past the whole pieces:
         * at 10,000 clients, whose rooms are mostly smaller than a whole record and a small one, that made 118-155
         * records and writes a MB (docs/results/2026-11-28-tls-10000-clients-where-cpu-goes.md).
         */
        int next(int whole) {
            return !slow ? whole : (int) Math.max(SMALL_PIECE,
                    Math.min(whole, roomAtLastWait - takenSinceWait - SMALL_PIECE));
        }

        void tookAtOnce(int bytes) {
            if (!alwaysWhole) {
                takenSinceWait += bytes;
            }
        }

        /**
         * A piece of {@code bytes} that was written after its write call returned, {@code nanos} after it. A
         * completion within {@link #RUN_NANOS} was no wait for the client: a piece written from a completion on the
         * selector thread is queued and written right behind it, though the socket had room.
         */
        void waited(long nanos, int bytes) {
            if (alwaysWhole) {
                return;
            }
            if (nanos < RUN_NANOS) {
                takenSinceWait += bytes;
                return;
            }
            roomAtLastWait = takenSinceWait;
            takenSinceWait = 0;
            if (nanos > SLOW_NANOS) {
                slow = true;
            }
        }
    }
}
