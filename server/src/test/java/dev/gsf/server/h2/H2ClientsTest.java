package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real HTTP/2 clients against the server, under every algorithm, h2c and h2 by ALPN: curl
 * ({@code --http2-prior-knowledge}, {@code --http2}) downloads a file whose MD5 is checked, nghttp fetches 20 files
 * at once on one connection, and h2load runs 200 requests on 2 connections of 10 streams each. Skipped where a client
 * is not installed (.ci/run installs them).
 */
@Execution(ExecutionMode.CONCURRENT)
class H2ClientsTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void curlNghttpAndH2loadGetEveryFile(Algorithm algorithm, Transport transport) throws Exception {
        assumeTrue(onPath("curl") && onPath("nghttp") && onPath("h2load"), "curl or nghttp2-client missing");
        try (FileServer server = Servers.start(algorithm, transport.keys("workers", "4"))) {
            String base = transport.uri(server, "").toString();
            Path body = dir.resolve("body");
            List<String> curl = new ArrayList<>(List.of("curl", "-sS", "-o", body.toString(), "-w",
                    "%{http_code} %{http_version}"));
            if (transport.isTls()) {
                curl.addAll(List.of("--http2", "--cacert", TestCerts.writeRoot(dir.resolve("root.pem")).toString()));
            } else {
                curl.add("--http2-prior-knowledge");
            }
            curl.add(base + "/1MB.bin");
            assertThat(run(curl)).isEqualTo("200 2");
            assertThat(TestFiles.md5Of("1MB.bin")).isEqualTo(md5(body));

            List<String> nghttp = new ArrayList<>(List.of("nghttp", "-n", "-s", "-m", "10", base + "/1KB.bin",
                    base + "/200KB.bin"));
            String stats = run(nghttp);
            assertThat(stats.lines().filter(l -> l.contains(" 200 ")).count()).as(stats).isEqualTo(20);

            String load = run(List.of("h2load", "-n", "200", "-c", "2", "-m", "10", base + "/1KB.bin"));
            assertThat(load).as(load).contains("200 succeeded, 0 failed, 0 errored")
                    .contains("status codes: 200 2xx");
            Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                    server::downloadsInProgress);
        }
    }

    private static String md5(Path file) throws Exception {
        return H2AnswersTest.md5(Files.readAllBytes(file));
    }

    static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** Runs {@code command}; its output (stdout and stderr), once it has exited (at most 60 s). */
    static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        return new String(output, StandardCharsets.UTF_8).strip();
    }
}
