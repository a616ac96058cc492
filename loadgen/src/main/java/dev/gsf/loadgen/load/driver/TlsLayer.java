package dev.gsf.loadgen.load.driver;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * TLS under one {@link Connection}: the JDK's SSLEngine driven without blocking. The handshake runs step by step on
 * socket events; after it, reads decrypt and writes encrypt through the loop's shared {@link TlsBuffers}. Between
 * events the layer keeps only leftovers, each copied to a buffer of its own size and dropped once used: ciphertext of
 * a record not yet complete, plaintext the client had no room for, ciphertext the socket did not take. Used only on
 * the event loop's thread; nothing here blocks (the engine's delegated tasks run inline, as CPU work).
 */
final class TlsLayer {
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final SSLEngine engine;
    private final TlsBuffers shared;
    /** Ciphertext read but not yet decrypted (an incomplete record), or null. */
    private ByteBuffer netIn;
    /** Plaintext decrypted but not yet taken, or null. */
    private ByteBuffer plainIn;
    /** Ciphertext encrypted but not yet written, or null. */
    private ByteBuffer netOut;
    private boolean begun;
    /** System.currentTimeMillis() when the handshake began. */
    private long begunMillis;
    /** The server ended the stream or the session (close_notify). */
    private boolean ended;

    TlsLayer(SSLEngine engine, TlsBuffers shared) {
        this.engine = engine;
        this.shared = shared;
    }

    /**
     * Takes the handshake as far as the socket allows. True once it is complete and every byte of it written;
     * false while it waits for the socket, with the key's interest set to what it waits for.
     *
     * @throws SSLException the handshake failed (the certificate, the protocol, an alert)
     * @throws IOException  the socket failed or the server closed it
     */
    boolean handshake(SocketChannel channel, SelectionKey key) throws IOException {
        if (!begun) {
            begunMillis = System.currentTimeMillis();
            engine.beginHandshake();
            begun = true;
        }
        while (true) {
            if (!flush(channel)) {
                key.interestOps(SelectionKey.OP_WRITE);
                return false;
            }
            switch (engine.getHandshakeStatus()) {
                case NEED_TASK -> runTasks();
                case NEED_WRAP -> wrap(channel, NOTHING);
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    int read = receive(channel, NOTHING, shared.net.capacity());
                    if (read < 0 || ended) {
                        throw failureKept(new EOFException("the server closed the connection during the TLS"
                                + " handshake"));
                    }
                    if (read == 0 && needsUnwrap()) {
                        key.interestOps(SelectionKey.OP_READ);
                        return false;
                    }
                }
                case FINISHED, NOT_HANDSHAKING -> {
                    return true;
                }
            }
        }
    }

    /**
     * The handshake's own failure, when the engine kept one, else {@code closed}. BoringSSL's engine tells that its
     * handshake failed (the server's certificate refused) only on the call after the one that wrapped its alert; by
     * then the server, given the alert, has closed the connection, which would be reported instead of the reason.
     */
    private IOException failureKept(IOException closed) {
        try {
            engine.wrap(NOTHING, shared.out.clear());
        } catch (SSLException failed) {
            return failed;
        }
        return closed;
    }

    /**
     * The completed handshake resumed an earlier connection's session (abbreviated, no certificate exchanged)
     * rather than making a new one. The JDK says so only through the session's creation time, which a resumed
     * session keeps from the handshake that made it.
     */
    boolean resumed() {
        return engine.getSession().getCreationTime() < begunMillis;
    }

    /** Frees the engine (BoringSSL's native memory); the connection is closed. */
    void release() {
        TlsClient.release(engine);
    }

    /** The protocol the server chose by ALPN ("h2", "http/1.1"), "" when it chose none. */
    String applicationProtocol() {
        String chosen = engine.getApplicationProtocol();
        return chosen == null ? "" : chosen;
    }

    /**
     * Encrypts and writes {@code source}; true once all of it and anything left from before is written, false when
     * the socket would take no more (call again when writable).
     */
    boolean write(SocketChannel channel, ByteBuffer source) throws IOException {
        if (!flush(channel)) {
            return false;
        }
        while (source.hasRemaining()) {
            if (!wrap(channel, source)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decrypted bytes into {@code into}: plaintext kept from before, else what the socket has, reading about as much
     * ciphertext as {@code into} has room for (more only to complete a record). 0 when nothing is there yet, -1 at
     * the end of the stream or session.
     */
    int read(SocketChannel channel, ByteBuffer into) throws IOException {
        if (plainIn != null) {
            return takeKept(into);
        }
        if (ended) {
            return -1;
        }
        int start = into.position();
        int kept = netIn == null ? 0 : netIn.remaining();
        int read = receive(channel, into, Math.max(into.remaining() - kept, recordRest()));
        if (!ended && engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
            wrap(channel, NOTHING); // a post-handshake answer (key update); sent when the socket next takes bytes
        } // once the server's close_notify is in, the engine wants to answer it: no answer, and the plaintext before
        // it is still returned (an HTTP/2 server closes after its GOAWAY with the last DATA just ahead)
        int got = into.position() - start;
        if (read < 0) {
            ended = true;
        }
        return got == 0 && ended ? -1 : got;
    }

    /** Plaintext is waiting that the socket will not announce: the caller must read again without a select. */
    boolean buffered() {
        return plainIn != null;
    }

    private int takeKept(ByteBuffer into) {
        int n = Math.min(into.remaining(), plainIn.remaining());
        int limit = plainIn.limit();
        plainIn.limit(plainIn.position() + n);
        into.put(plainIn);
        plainIn.limit(limit);
        if (!plainIn.hasRemaining()) {
            plainIn = null;
        }
        return n;
    }

    /** Bytes still missing from the record whose start is kept, 0 when none is. */
    private int recordRest() {
        if (netIn == null || netIn.remaining() < 5) {
            return 0;
        }
        int p = netIn.position();
        int length = ((netIn.get(p + 3) & 0xff) << 8) | (netIn.get(p + 4) & 0xff);
        return Math.max(0, 5 + length - netIn.remaining());
    }

    /**
     * Reads up to {@code budget} bytes of ciphertext after what was kept and decrypts every complete record: into
     * {@code into} while it has room for a whole record, then into the spill buffer, whose plaintext fills
     * {@code into} and is kept beyond. Stops early when the handshake wants to write. Returns the socket's read.
     */
    private int receive(SocketChannel channel, ByteBuffer into, int budget) throws IOException {
        ByteBuffer net = shared.net;
        int read = readCiphertext(channel, net, budget);
        ByteBuffer spill = shared.spill;
        spill.clear();
        unwrapRecords(net, into, spill);
        if (net.hasRemaining()) {
            netIn = copy(net);
        }
        takeSpilled(spill, into);
        return read;
    }

    /** Fills {@code net} with the ciphertext kept from before, then up to {@code budget} bytes from the socket. */
    private int readCiphertext(SocketChannel channel, ByteBuffer net, int budget) throws IOException {
        net.clear();
        if (netIn != null) {
            net.put(netIn);
            netIn = null;
        }
        int read = 0;
        int room = Math.min(net.remaining(), budget);
        if (room > 0) {
            net.limit(net.position() + room);
            read = channel.read(net);
        }
        net.flip();
        return read;
    }

    /**
     * Decrypts the complete records of {@code net}, into {@code into} while it has room for a whole record and into
     * {@code spill} from then on; leaves in {@code net} what is not decrypted yet (an incomplete record, or records
     * after the handshake asked to write).
     */
    private void unwrapRecords(ByteBuffer net, ByteBuffer into, ByteBuffer spill) throws SSLException {
        boolean spilling = false;
        while (net.hasRemaining() && !ended) {
            SSLEngineResult.HandshakeStatus status = engine.getHandshakeStatus();
            if (status == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
                continue;
            }
            if (status == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
                break;
            }
            spilling |= into.remaining() < shared.applicationSize;
            SSLEngineResult result = engine.unwrap(net, spilling ? spill : into);
            if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                break; // an incomplete record: kept for the next read
            }
            if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                if (spilling) {
                    throw new SSLException("a TLS record larger than the session's buffers ("
                            + shared.applicationSize + " bytes)");
                }
                spilling = true;
            }
            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                ended = true;
            } else if (result.bytesConsumed() == 0 && result.bytesProduced() == 0
                    && result.getStatus() == SSLEngineResult.Status.OK && !needsTask()) {
                break; // nothing moved: wait for the socket rather than spin
            }
        }
    }

    /** Moves the spilled plaintext into {@code into} as far as it has room, and keeps the rest. */
    private void takeSpilled(ByteBuffer spill, ByteBuffer into) {
        if (spill.position() == 0) {
            return;
        }
        spill.flip();
        int n = Math.min(into.remaining(), spill.remaining());
        int limit = spill.limit();
        spill.limit(n);
        into.put(spill);
        spill.limit(limit);
        if (spill.hasRemaining()) {
            plainIn = copy(spill);
        }
    }

    private boolean needsTask() {
        return engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK;
    }

    private boolean needsUnwrap() {
        SSLEngineResult.HandshakeStatus s = engine.getHandshakeStatus();
        return s == SSLEngineResult.HandshakeStatus.NEED_UNWRAP || s == SSLEngineResult.HandshakeStatus.NEED_UNWRAP_AGAIN;
    }

    /** Encrypts one record's worth of {@code source} (or a handshake message) and writes it; false if some is kept. */
    private boolean wrap(SocketChannel channel, ByteBuffer source) throws IOException {
        ByteBuffer out = shared.out;
        out.clear();
        SSLEngineResult result = engine.wrap(source, out);
        if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLException("the TLS session is closed");
        }
        if (result.getStatus() != SSLEngineResult.Status.OK) {
            throw new SSLException("cannot encrypt: " + result.getStatus());
        }
        out.flip();
        channel.write(out);
        if (out.hasRemaining()) {
            netOut = copy(out);
            return false;
        }
        return true;
    }

    /** Writes what was kept; true when nothing is left. */
    private boolean flush(SocketChannel channel) throws IOException {
        if (netOut == null) {
            return true;
        }
        channel.write(netOut);
        if (netOut.hasRemaining()) {
            return false;
        }
        netOut = null;
        return true;
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    private static ByteBuffer copy(ByteBuffer from) {
        ByteBuffer kept = ByteBuffer.allocate(from.remaining());
        kept.put(from).flip();
        return kept;
    }
}
