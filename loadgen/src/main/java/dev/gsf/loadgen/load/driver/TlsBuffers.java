package dev.gsf.loadgen.load.driver;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLSession;

/**
 * The scratch buffers every TLS connection of one event loop encrypts and decrypts through, sized from the
 * session's packet and application buffer sizes. Shared because the loop serves one connection at a time; a
 * connection keeps only what is left over between events (a partial record, plaintext it could not take yet), so
 * 10,000 idle TLS connections hold no 16 KB buffers each. Used only on the loop's thread.
 */
final class TlsBuffers {
    /** Ciphertext as read from the socket, after what a connection kept from before. */
    final ByteBuffer net;
    /** Plaintext that did not fit where the client wanted it: whole records need room for a whole record. */
    final ByteBuffer spill;
    /** Ciphertext to write. */
    final ByteBuffer out;
    /** Room a record's plaintext needs in the destination of an unwrap. */
    final int applicationSize;
    /** The longest record on the wire. */
    final int packetSize;

    TlsBuffers(SSLSession session, int readSize) {
        this(new int[] {session.getPacketBufferSize(), session.getApplicationBufferSize()}, readSize);
    }

    /** {@code sizes}: the sessions' packet and application buffer sizes ({@link TlsClient#sizes}). */
    TlsBuffers(int[] sizes, int readSize) {
        packetSize = sizes[0];
        applicationSize = sizes[1];
        net = ByteBuffer.allocate(readSize + packetSize);
        spill = ByteBuffer.allocate(net.capacity() + applicationSize);
        out = ByteBuffer.allocate(packetSize);
    }
}
