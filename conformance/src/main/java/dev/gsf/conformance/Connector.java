package dev.gsf.conformance;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * How each case's connection is opened: plain TCP to the server, or TLS over it through the JDK's SSLSocket (TLS 1.3
 * and 1.2, SNI with the URL's host unless it is an address, ALPN {@code http/1.1}, the certificate checked by the
 * context's trust managers and, unless {@link Trust#insecure()}, against the host). The only place the runner knows
 * which of the two it speaks: {@link Exchange} reads and writes the socket it gets alike. Immutable; any thread;
 * {@link #open} blocks.
 */
public final class Connector {
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    private static final String[] ALPN = {"http/1.1"};
    /**
     * Connecting and the TLS handshake get at least this long: a case's timeout bounds the server's answer, not the
     * setup, and a JVM's first handshake on a busy 2-core machine took longer than a 500 ms case timeout (a CI run
     * reported the server unreachable). A constant, so that the command's --timeout help can say it.
     */
    static final int SETUP_SECONDS = 10;

    private final InetSocketAddress address;
    private final String host;
    private final Trust trust; // null: plain TCP

    private Connector(InetSocketAddress address, String host, Trust trust) {
        this.address = address;
        this.host = host;
        this.trust = trust;
    }

    /** Plain HTTP to {@code address}. */
    public static Connector plain(InetSocketAddress address) {
        return new Connector(address, address.getHostString(), null);
    }

    /**
     * HTTPS to {@code address}, which serves {@code host}: the URL's host, sent as SNI, and the name the certificate
     * must have.
     */
    public static Connector tls(InetSocketAddress address, String host, Trust trust) {
        return new Connector(address, host, trust);
    }

    /**
     * A connected socket with {@code timeout} as its read timeout; over TLS with its handshake done. Connecting and
     * the handshake may take up to {@link #SETUP_SECONDS} (or {@code timeout}, if longer).
     *
     * @throws Unreachable when the server cannot be connected to, or the handshake fails (the certificate is not
     *                     trusted, no protocol or suite in common)
     */
    Socket open(Duration timeout) throws Unreachable {
        Socket plain = new Socket();
        int setup = (int) Math.max(timeout.toMillis(), SETUP_SECONDS * 1000L);
        try {
            plain.connect(address, setup);
            plain.setSoTimeout(setup);
            // Each request is one write. Without this, Nagle holds it behind the client's TLS Finished until the
            // server's delayed ACK: 40 ms a case, with nginx as with ours.
            plain.setTcpNoDelay(true);
            Socket socket = trust == null ? plain : handshake(plain);
            socket.setSoTimeout((int) timeout.toMillis());
            return socket;
        } catch (SSLException e) {
            close(plain);
            throw new Unreachable("TLS handshake with " + where() + " failed: " + (certificateProblem(e)
                    ? "the server's certificate is not accepted: " + firstLine(e) : firstLine(e)), e);
        } catch (IOException e) {
            close(plain);
            throw new Unreachable("cannot connect to " + where() + ": " + firstLine(e), e);
        }
    }

    private SSLSocket handshake(Socket connected) throws IOException {
        SSLSocket socket = (SSLSocket) trust.context().getSocketFactory()
                .createSocket(connected, host, address.getPort(), true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setProtocols(PROTOCOLS.clone());
        parameters.setApplicationProtocols(ALPN.clone());
        if (!trust.insecure()) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the URL's host
        }
        if (!isAddressLiteral(host)) {
            parameters.setServerNames(List.of(new SNIHostName(host))); // the JDK sends none for dotless names
        }
        socket.setSSLParameters(parameters);
        socket.startHandshake(); // here, so that a failure is the server's, never a case's
        return socket;
    }

    /** {@code https://host:port} or {@code http://host:port}, for messages. */
    String where() {
        return (trust == null ? "http://" : "https://") + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + address.getPort();
    }

    /** SNI names hosts only, never addresses (RFC 6066 §3). */
    private static boolean isAddressLiteral(String host) {
        return host.contains(":") || host.matches("[0-9.]+");
    }

    /** Whether a handshake failed over the server's certificate (the JDK tells it only by the cause). */
    private static boolean certificateProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertificateException || t instanceof CertPathValidatorException
                    || t instanceof CertPathBuilderException) {
                return true;
            }
        }
        return false;
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        return message.lines().findFirst().orElse(message);
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // it was never of use
        }
    }

    /** The server could not be reached: no connection, or no TLS handshake. The message is one line. */
    public static final class Unreachable extends IOException {
        Unreachable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
