package dev.gsf.micro.ping;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * One end of a ping connection in one I/O style. Both methods are called by the thread that drives this end and
 * block it (by waiting, spinning or awaiting a future) until done; closing the endpoint from another thread makes
 * them throw.
 */
interface Endpoint extends AutoCloseable {
    void writeFully(ByteBuffer src) throws IOException;

    /** Fills the buffer's remaining space; EOFException when the peer closed. */
    void readFully(ByteBuffer dst) throws IOException;

    @Override
    void close();

    static void eof(int n) throws EOFException {
        if (n < 0) {
            throw new EOFException("peer closed");
        }
    }
}
