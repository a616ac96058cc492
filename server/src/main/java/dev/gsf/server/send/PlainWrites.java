package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import org.glassfish.grizzly.FileChunk;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * The {@link BodyWriter} of a plain connection: a section is first offered to the socket on the calling thread, and
 * what it does not take goes through the connection's write queue below the HTTP codec, as a {@link FileChunk} whose
 * bytes are produced only when the socket can take them (sendfile, or a copy); or SBA's and EBA's workers write it
 * themselves, waiting in poll(2), and VTA's virtual threads, parked by the JDK's poller ({@link BlockingWrites}).
 *
 * <p>Why offered first: Grizzly writes a message directly too when its queue is empty, but only after the filter chain
 * (a context, a write record, the codec's and transport's filters), once per chunk: ENBA's and ADA's 16 chunks per MB,
 * where the one sendfile(2) call is all the work (docs/results/2026-11-28-large-file-cpu.md).
 *
 * <p>Threads: as {@link BodyWriter}'s; Grizzly writes a queued section on the writing or a selector thread.
 */
final class PlainWrites implements BodyWriter {
    private final FilterChainContext context;

    PlainWrites(FilterChainContext context) {
        this.context = context;
    }

    @Override
    public void write(FileSection section, Written done) {
        NIOConnection connection = (NIOConnection) context.getConnection();
        TaskQueue<?> queue = connection.getAsyncWriteQueue();
        ConnectionSocket socket = ConnectionSocket.of(connection); // one attribute lookup for both paths below
        // An empty queue: none of the connection's writes is in flight (a download's writes follow one another, and
        // its request is suspended), so the socket takes this one's bytes in order, as Grizzly's own direct write.
        if (queue.isEmpty()) {
            try {
                section.writeTo(socket); // what the socket takes now
            } catch (IOException e) {
                done.failed(e); // the download ends, which drops the connection
                return;
            }
            if (section.remaining() == 0) {
                done.completed();
                return;
            }
        }
        context.write(new SectionChunk(section, queue, socket), WriteHandler.of(done));
    }

    @Override
    public boolean canWriteBlocking() {
        return BlockingWrites.canWait(context.getConnection());
    }

    @Override
    public void writeBlocking(FileSection section, Written done) throws IOException {
        BlockingWrites.write(context.getConnection(), section, done);
    }

    /**
     * A section as Grizzly's write queue takes it. Grizzly treats a FileChunk as "uncountable": it reserves 1 byte of
     * queue space for it but then releases the bytes actually written (TCPNIOAsyncQueueWriter.write0), so after a
     * 1 KB section the queue counts -1023 bytes and never looks empty again: OP_WRITE stays registered and the
     * selector spins on the idle connection, and no later write is ever written directly. Each write here reserves
     * what Grizzly is about to release, less the 1 byte on the last one, so the queue balances to 0 when it is done.
     */
    private static final class SectionChunk implements FileChunk {
        private final FileSection section;
        private final TaskQueue<?> queue;
        private final ConnectionSocket socket;

        SectionChunk(FileSection section, TaskQueue<?> queue, ConnectionSocket socket) {
            this.section = section;
            this.queue = queue;
            this.socket = socket;
        }

        /** Writes to the connection's socket ({@code channel} is its channel): sendfile(2) there needs no dup. */
        @Override
        public long writeTo(WritableByteChannel channel) throws IOException {
            long written = section.writeTo(socket);
            if (written > 0) {
                queue.reserveSpace((int) (section.remaining() > 0 ? written : written - 1));
            }
            return written;
        }

        @Override
        public boolean hasRemaining() {
            return section.remaining() > 0;
        }

        @Override
        public int remaining() {
            return (int) Math.min(section.remaining(), Integer.MAX_VALUE);
        }

        @Override
        public boolean release() {
            return true; // the download releases the file when it ends
        }

        @Override
        public boolean isExternal() {
            return true; // never aggregated with buffers (Grizzly would cast it to one)
        }
    }
}
