package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Long h2c streams with zero-copy on, one after another on one connection with the client's windows at 2^30-1
 * (h2load's default), so that only the socket holds the server back: {@code h2load -c1 -m1 -n3} on 20MB.bin, under
 * every algorithm. The socket fills again and again mid-batch. While DATA payloads went by sendfile on h2c, Grizzly's
 * queue lost a payload now and then (a write per frame header and per payload: the client read a header as payload),
 * and a stream stalled after 4 MiB with a batch as one write (VTA, in CI); payloads go by sendfile again, a batch
 * as one {@link SendfileFrames} element of the queue (docs/http2.md, "Zero-copy on h2c"). h2load allows 64 KiB
 * frames here ({@code -f}), which go by sendfile; its default 16 KiB ones are copied in runs
 * ({@link H2GatheredFramesTest}). Skipped where h2load is not installed.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2SendfileStreamsTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(Algorithm.class)
    void threeLongStreamsOnOneConnectionAllEnd(Algorithm algorithm) throws Exception {
        assumeTrue(H2ClientsTest.onPath("h2load"), "nghttp2-client missing");
        try (FileServer server = Servers.start(algorithm, "workers", "4", "zero-copy", "true", "send-buffer", "16K")) {
            String url = Transport.HTTP.uri(server, "/20MB.bin").toString();
            // -N: a stalled stream ends the run after 5 s of silence instead of at the server's idle timeout
            String load = H2ClientsTest.run(List.of("h2load", "-c1", "-m1", "-n3", "-N", "5s", "-f", "65535", url));
            assertThat(load).as(load).contains("3 succeeded, 0 failed, 0 errored, 0 timeout")
                    .contains("62914560) data");
            Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                    server::downloadsInProgress);
        }
    }
}
