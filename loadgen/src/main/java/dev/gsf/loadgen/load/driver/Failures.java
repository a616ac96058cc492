package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import java.io.IOException;

/** How a connection's failures are told, the same for HTTP/1.1 and HTTP/2 clients. */
final class Failures {
    private Failures() {
    }

    /** CERTIFICATE when the handshake failed over the server's certificate, else HANDSHAKE. */
    static ErrorKind handshakeKind(IOException e) {
        return TlsClient.certificateProblem(e) ? ErrorKind.CERTIFICATE : ErrorKind.HANDSHAKE;
    }

    /** The message of a connect that failed. */
    static String cannotConnect(DriverConfig config, Throwable e) {
        return "cannot connect to " + config.address() + ": " + describe(e);
    }

    /** The message of a failed TLS handshake. */
    static String handshake(DriverConfig config, IOException e) {
        boolean certificate = TlsClient.certificateProblem(e);
        return "TLS handshake with " + config.address() + " failed" + (certificate ? " over the server's certificate: "
                : ": ") + describe(rootCause(e));
    }

    /** The JDK wraps a certificate's rejection in two or three layers; the innermost says what was wrong. */
    static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
