package dev.gsf.server.tls;

import dev.gsf.server.testing.TestCerts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * A TLS client on the JDK's {@link SSLEngine} over a plain socket, so that a test sees what an {@code SSLSocket} hides:
 * whether the server's end of the connection came with a close_notify alert before the TCP FIN, or without one.
 * Blocking, one thread, reads time out after 10 s.
 */
final class EnginePeer implements AutoCloseable {
    /**
     * How the server's side ended: the plaintext it sent, whether a close_notify came, how the stream ended, and how
     * many bytes came after the close_notify (a second alert would be some).
     */
    record Ending(String text, boolean closeNotify, String end, int bytesAfterCloseNotify) {
    }

    private final Socket socket = new Socket();
    private final SSLEngine engine;
    private final ByteBuffer fromNet;
    private final ByteBuffer app;
    private final ByteArrayOutputStream plaintext = new ByteArrayOutputStream();
    /** The handshake's last flight (the client's Finished), when held back for {@link #records} to put in front. */
    private final ByteArrayOutputStream held = new ByteArrayOutputStream();
    private int afterCloseNotify;

    EnginePeer(int port) throws IOException {
        this(port, false, 0);
    }

    /** A client whose socket's receive buffer is {@code receiveBuffer} bytes (0: the system's). */
    EnginePeer(int port, int receiveBuffer) throws IOException {
        this(port, false, receiveBuffer);
    }

    /**
     * A client past its handshake; with {@code holdFinished}, its last flight is not written yet but put in front of
     * the first {@link #records}, so that the server reads its Finished and what follows in one read.
     */
    EnginePeer(int port, boolean holdFinished) throws IOException {
        this(port, holdFinished, 0);
    }

    private EnginePeer(int port, boolean holdFinished, int receiveBuffer) throws IOException {
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        engine = TestCerts.clientContext().createSSLEngine("127.0.0.1", port);
        engine.setUseClientMode(true);
        fromNet = ByteBuffer.allocate(engine.getSession().getPacketBufferSize() * 2).flip();
        app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize() * 2);
        engine.beginHandshake();
        while (engine.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING
                && engine.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.FINISHED) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> held.write(wrapped(new byte[0]));
                case NEED_TASK -> engine.getDelegatedTask().run();
                default -> {
                    writeRaw(held.toByteArray()); // the server answers it before this client reads on
                    held.reset();
                    if (!unwrapSome()) {
                        throw new IOException("the server ended the handshake");
                    }
                }
            }
        }
        if (!holdFinished) {
            writeRaw(held.toByteArray());
            held.reset();
        }
    }

    /** Encrypts {@code text} into one or more records and writes them. */
    void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * {@code text} encrypted into records, not written: for a test to write them its own way; behind the handshake's
     * last flight if it was held back and not written yet.
     */
    byte[] records(String text) throws IOException {
        held.write(wrapped(text.getBytes(StandardCharsets.ISO_8859_1)));
        byte[] records = held.toByteArray();
        held.reset();
        return records;
    }

    /**
     * The records of a TLS 1.3 KeyUpdate asking the server to update its keys too (the JDK's engine sends one when a
     * handshake is begun after the first), not written: {@link #records} seals what follows with the new key.
     */
    byte[] keyUpdate() throws IOException {
        engine.beginHandshake();
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        for (byte[] record; engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP
                && (record = wrapped(new byte[0])).length > 0; ) {
            records.write(record);
        }
        return records.toByteArray();
    }

    /** The records this client closes its sending side with (the JDK's: user_canceled, close_notify), not written. */
    byte[] closeNotify() throws IOException {
        engine.closeOutbound();
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        while (!engine.isOutboundDone()) {
            ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            engine.wrap(ByteBuffer.allocate(0), out);
            if (out.position() == 0) {
                break;
            }
            records.write(out.array(), 0, out.position());
        }
        return records.toByteArray();
    }

    /** Writes {@code bytes} as they are, in one write. */
    void writeRaw(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    /** Shuts the socket's sending side down: the TCP FIN (after a {@link #closeNotify}, a TLS half-close). */
    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /** Reads and decrypts until some plaintext came (a response's head): false at the end of stream. */
    boolean awaitText() throws IOException {
        while (plaintext.size() == 0) {
            if (!unwrapSome()) {
                return false;
            }
        }
        return true;
    }

    /** Reads and decrypts until the server's end of stream (or a reset, or 10 s of silence). */
    Ending readToTheEnd() throws IOException {
        String end;
        try {
            while (unwrapSome()) {
                // plaintext and alerts
            }
            end = "FIN";
        } catch (SocketTimeoutException e) {
            end = "no end within 10 s";
        } catch (SSLException e) {
            throw e;
        } catch (IOException e) {
            end = "reset: " + e.getMessage();
        }
        return new Ending(plaintext.toString(StandardCharsets.ISO_8859_1), engine.isInboundDone(), end,
                afterCloseNotify + (engine.isInboundDone() ? fromNet.remaining() : 0));
    }

    private void send(byte[] bytes) throws IOException {
        socket.getOutputStream().write(wrapped(bytes));
    }

    private byte[] wrapped(byte[] bytes) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        do {
            ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            SSLEngineResult result = engine.wrap(in, out);
            records.write(out.array(), 0, out.position());
            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                break;
            }
        } while (in.hasRemaining());
        return records.toByteArray();
    }

    /** One unwrap, reading from the socket first when no whole record is buffered; false at the end of stream. */
    private boolean unwrapSome() throws IOException {
        if (engine.isInboundDone()) { // after the close_notify: the rest is only read, up to the end of stream
            int n = socket.getInputStream().read(new byte[4096]);
            afterCloseNotify += Math.max(n, 0);
            return n >= 0;
        }
        SSLEngineResult result = engine.unwrap(fromNet, app);
        while (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
            fromNet.compact();
            int n = socket.getInputStream().read(fromNet.array(), fromNet.position(), fromNet.remaining());
            if (n < 0) {
                fromNet.flip();
                return false;
            }
            fromNet.position(fromNet.position() + n).flip();
            result = engine.unwrap(fromNet, app);
        }
        for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
            task.run(); // a post-handshake message's (a session ticket)
        }
        app.flip();
        plaintext.write(app.array(), app.position(), app.remaining());
        app.clear();
        return true;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
