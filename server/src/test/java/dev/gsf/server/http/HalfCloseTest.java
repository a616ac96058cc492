package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.AlgorithmAndTransportFixture;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Clients that half-close: they send their requests, shut their sending side down (shutdown(SHUT_WR), as
 * {@code nc -N} and many scripted clients do) and read until the server closes. Each gets every response whole (most
 * bodies longer than the kernel's socket buffers take, so that the end of stream reaches the server while the download
 * is in progress; one small, answered at once from memory), and then the end of the connection, as nginx sends a
 * static file to such a client; a client that half-closes with nothing asked is closed. Every
 * algorithm over every transport: over HTTPS the JDK client's half-close is a close_notify (TLS 1.3 allows one
 * direction to close, RFC 8446 section 6.1) sent right behind the requests, often in the same read; it ends the
 * server's reading only once the requests before it are answered (the TLS port's {@code RecordSplitter}), under
 * BoringSSL and under the JDK's TLS.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmAndTransport")
@Execution(ExecutionMode.CONCURRENT)
class HalfCloseTest extends AlgorithmAndTransportFixture {
    private static final String LARGE = "20MB.bin";
    private static final String SMALLER = "1MB.bin";
    private static final String SMALL = "1KB.bin";

    @Override
    protected FileServer startServer() throws IOException {
        return Servers.start(algorithm, transport.keys());
    }

    @Test
    void aGetThenHalfClose_getsTheWholeBodyThenTheEnd() throws IOException {
        halfClosedAfter(get(LARGE, ""));
        assertWhole(LARGE);
        assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
    }

    @Test
    void aGetWithConnectionCloseThenHalfClose_getsTheWholeBodyThenTheEnd() throws IOException {
        halfClosedAfter(get(LARGE, "Connection: close\r\n"));
        assertWhole(LARGE);
        assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
    }

    @Test
    void twoPipelinedGetsThenHalfClose_getBothBodiesWholeThenTheEnd() throws IOException {
        halfClosedAfter(get(LARGE, "") + get(SMALLER, ""));
        assertWhole(LARGE);
        assertWhole(SMALLER);
        assertThat(http.closedByServer()).as("the server closes after the second body").isTrue();
    }

    @Test
    void aSmallGetThenHalfClose_getsItThenTheEnd() throws IOException {
        halfClosedAfter(get(SMALL, "")); // answered at once, from memory
        assertWhole(SMALL);
        assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
    }

    @Test
    void aHalfCloseWithNothingAsked_isClosedAtOnce() throws IOException {
        http.socket().shutdownOutput();
        assertThat(http.closedByServer()).as("the server closes").isTrue();
    }

    private static String get(String file, String extraHeaders) {
        return "GET /" + file + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "\r\n";
    }

    /** Sends {@code requests} in one write, then shuts the client's sending side down (over TLS: close_notify, FIN). */
    private void halfClosedAfter(String requests) throws IOException {
        http.sendRaw(requests.getBytes(StandardCharsets.ISO_8859_1));
        http.socket().shutdownOutput();
    }

    private void assertWhole(String file) throws IOException {
        RawHttp.Response response = http.read(false);
        assertThat(response.status()).as(file).isEqualTo(200);
        assertThat(response.bodyLength()).as(file).isEqualTo(
                TestFiles.fileSet().resolve(file).toFile().length());
        assertThat(response.md5()).as(file).isEqualTo(TestFiles.md5Of(file));
    }
}
