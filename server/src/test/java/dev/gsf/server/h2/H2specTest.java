package dev.gsf.server.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * h2spec (github.com/summerwind/h2spec, installed by scripts/install-h2spec.sh), an HTTP/2 conformance suite of 145
 * cases, against h2c on the plain port and h2 over TLS. Conformance is the connection's, not the algorithm's, and
 * a run takes seconds of CPU: one algorithm per port (each algorithm is run over HTTP/2 by H2AnswersTest). The one
 * case allowed to fail is h2c's "invalid connection preface": the plain port also speaks HTTP/1.1, and a connection
 * whose first bytes are not the preface is answered as HTTP/1.1 (400, then closed), as nginx does; over TLS, where
 * ALPN agreed on h2, the connection is closed.
 */
class H2specTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"ENBA, HTTP", "SBA, HTTPS"})
    void passesH2spec(Algorithm algorithm, Transport transport) throws Exception {
        Optional<Path> h2spec = h2spec();
        assumeTrue(h2spec.isPresent(), "h2spec is not installed (scripts/install-h2spec.sh)");
        try (FileServer server = Servers.start(algorithm, transport.keys("workers", "4"))) {
            List<String> command = new ArrayList<>(List.of(h2spec.get().toString(), "-h", "127.0.0.1", "-P",
                    "/1KB.bin", "-o", "5", "-p"));
            if (transport.isTls()) {
                command.addAll(List.of(Integer.toString(server.tlsPort().orElseThrow()), "-t", "-k"));
            } else {
                command.add(Integer.toString(server.port()));
            }
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
            String report = new String(output, StandardCharsets.UTF_8);
            List<String> failed = failures(report);
            assertThat(report).contains("145 tests");
            assertThat(failed).as(report).isEqualTo(transport.isTls() ? List.of()
                    : List.of("2: Sends invalid connection preface"));
        }
    }

    /** The failed cases of the summary at the end of an h2spec report. */
    private static List<String> failures(String report) {
        int summary = report.indexOf("Failures:");
        if (summary < 0) {
            return List.of();
        }
        return report.substring(summary).lines().map(String::strip).filter(l -> l.startsWith("×"))
                .map(l -> l.substring(1).strip()).toList();
    }

    private static Optional<Path> h2spec() {
        return Stream.concat(Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).map(Path::of),
                        Stream.of(Path.of(System.getProperty("user.home"), "go", "bin")))
                .map(dir -> dir.resolve("h2spec")).filter(Files::isExecutable).findFirst();
    }
}
