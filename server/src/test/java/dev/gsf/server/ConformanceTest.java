package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.conformance.Conformance;
import dev.gsf.conformance.Corpus;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The conformance corpus (request line, fields, framing, paths, ranges, conditionals, methods) against the server. */
class ConformanceTest {

    @ParameterizedTest
    @MethodSource("dev.gsf.server.Variants#algorithmsAndZeroCopy")
    void everyCaseOfTheCorpusGetsTheAnswerTheRfcsGive(Algorithm algorithm, boolean zeroCopy) throws IOException {
        // idle-timeout far above the read timeout: a request the server leaves waiting shows as "hung", not "close"
        try (FileServer server = Servers.start(algorithm, "zero-copy", String.valueOf(zeroCopy),
                "idle-timeout", "60s")) {
            List<Conformance.Row> rows = Conformance.run(Corpus.builtIn(),
                    new InetSocketAddress("127.0.0.1", server.port()), Duration.ofSeconds(10));
            assertThat(rows).hasSizeGreaterThanOrEqualTo(80);
            assertThat(rows.stream().filter(r -> !r.conforms()).toList())
                    .as(() -> Conformance.table(rows, false)).isEmpty();
        }
    }
}
