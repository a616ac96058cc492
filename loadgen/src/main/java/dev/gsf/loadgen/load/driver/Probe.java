package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.workload.FileChoice;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Before the load starts, asks the server for the head of every file once (HEAD), to learn what each download must
 * match and who is serving. Runs on the calling thread and blocks, bounded by the timeout per request.
 */
public final class Probe {

    /**
     * What the probe learned.
     *
     * @param expectations one per file of the workload, in its order
     * @param server       the Server header of the first answer, "unknown" when there was none
     * @param algorithm    the X-Send-Algorithm header of the first answer, null when there was none
     * @param warnings     files the server did not answer 200 for, and similar
     */
    public record Result(List<Expectation> expectations, String server, String algorithm, List<String> warnings) {
    }

    /** The server cannot be reached at all; the run cannot start. */
    public static final class UnreachableException extends Exception {
        UnreachableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private Probe() {
    }

    public static Result run(Target target, InetSocketAddress address, Connecting connecting, List<FileChoice> files,
                             Duration timeout) throws UnreachableException {
        List<Expectation> expectations = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String server = null;
        String algorithm = null;
        boolean answered = false;
        for (FileChoice file : files) {
            ResponseHead head;
            try {
                head = head(target, address, connecting, file.name(), timeout);
            } catch (java.net.ConnectException | java.net.SocketTimeoutException | java.net.NoRouteToHostException e) {
                throw new UnreachableException("cannot connect to " + target + " (" + address + "): "
                        + e.getMessage(), e);
            } catch (javax.net.ssl.SSLException e) {
                throw new UnreachableException("TLS handshake with " + target + " (" + address + ") failed"
                        + (TlsClient.certificateProblem(e) ? " over the server's certificate" : "") + ": "
                        + e.getMessage(), e);
            } catch (IOException | ResponseHead.MalformedException e) {
                warnings.add("probe HEAD " + file.name() + ": " + e.getMessage());
                expectations.add(new Expectation(file.name(), file.md5(), -1, null, null, null));
                continue;
            }
            if (!answered) {
                answered = true;
                server = head.server();
                algorithm = head.sendAlgorithm();
            }
            if (head.status() != 200) {
                warnings.add("probe HEAD " + file.name() + ": status " + head.status()
                        + "; its downloads will count as errors");
                expectations.add(new Expectation(file.name(), file.md5(), -1, null, null, null));
                continue;
            }
            expectations.add(new Expectation(file.name(), file.md5(), head.contentLength(), head.contentType(),
                    head.etag(), head.lastModified()));
        }
        return new Result(expectations, server == null ? "unknown" : server, algorithm, warnings);
    }

    static ResponseHead head(Target target, InetSocketAddress address, Connecting connecting, String name,
                             Duration timeout) throws IOException, ResponseHead.MalformedException {
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        try (Socket plain = new Socket(); Socket socket = secured(plain, address, connecting, millis)) {
            if (connecting.http2() != null) {
                return H2Probe.head(socket, target, name);
            }
            socket.getOutputStream().write(target.request("HEAD", name, true));
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16 * 1024];
            int filled = 0;
            while (filled < buffer.length) {
                int n = in.read(buffer, filled, buffer.length - filled);
                if (n < 0) {
                    break;
                }
                int end = ResponseHead.end(buffer, Math.max(0, filled - 3), filled + n);
                filled += n;
                if (end > 0) {
                    return ResponseHead.parse(buffer, 0, end);
                }
            }
            throw new IOException("the server closed the connection before a complete response head ("
                    + filled + " bytes: '" + new String(Arrays.copyOf(buffer, Math.min(filled, 60)),
                    java.nio.charset.StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", "?") + "')");
        }
    }

    /** Connects {@code plain} from the first source address, if any, then speaks TLS over it for https. */
    private static Socket secured(Socket plain, InetSocketAddress address, Connecting connecting, int millis)
            throws IOException {
        if (!connecting.sources().isEmpty()) {
            plain.bind(connecting.sources().get(0));
        }
        plain.connect(address, millis);
        plain.setSoTimeout(millis);
        if (connecting.tls() == null) {
            return plain;
        }
        javax.net.ssl.SSLSocket tls = connecting.tls().socket(plain);
        tls.startHandshake();
        if (connecting.http2() != null && !"h2".equals(tls.getApplicationProtocol())) {
            throw new javax.net.ssl.SSLHandshakeException("the server did not choose h2 by ALPN ('"
                    + tls.getApplicationProtocol() + "'); it does not speak HTTP/2 over TLS");
        }
        return tls;
    }
}
