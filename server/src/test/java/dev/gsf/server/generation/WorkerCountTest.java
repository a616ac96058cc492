package dev.gsf.server.generation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code workers=auto} on a running server: the pool it starts follows the algorithm (one per core for ADA, none for
 * VTA, 50 for the others) and follows it again across a live switch; a number given holds for every
 * algorithm. Each pool serves a real download.
 */
class WorkerCountTest {
    private static final Path FILES = TestFiles.fileSet();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String MD5_1MB = TestFiles.md5Of("1MB.bin");
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void autoFollowsTheAlgorithmAtStartAndAcrossALiveSwitch_andANumberHoldsForAny(Algorithm algorithm)
            throws IOException {
        Algorithm next = Algorithm.values()[(algorithm.ordinal() + 1) % Algorithm.values().length];
        try (FileServer server = FileServer.start(ServerConfig.from(Map.of("root", FILES.toString(), "port", "0",
                "algorithm", algorithm.name())));
             RawHttp http = new RawHttp(server.port())) {
            assertPool(server, http, algorithm, poolUnderAuto(algorithm));
            assertThat(server.startLine()).contains(" workers=" + (algorithm == Algorithm.VTA ? "auto(unused by VTA)"
                    : (algorithm == Algorithm.ADA ? CORES : 50) + "(auto)") + " ");

            server.reconfigure(server.config().with(Map.of("algorithm", next.name())));
            assertPool(server, http, next, poolUnderAuto(next));

            server.reconfigure(server.config().with(Map.of("workers", "7")));
            assertPool(server, http, next, next == Algorithm.VTA ? 0 : 7);
            assertThat(server.startLine())
                    .contains(next == Algorithm.VTA ? " workers=7(unused by VTA) " : " workers=7 ");
        }
    }

    /** The pool once the replaced configurations are gone, and a download through it. */
    private static void assertPool(FileServer server, RawHttp http, Algorithm algorithm, int threads)
            throws IOException {
        Await.until("the replaced configurations closed", WAIT, () -> server.retiringGenerations() == 0);
        assertThat(server.workerThreads()).as(algorithm + "'s pool").isEqualTo(threads);
        RawHttp.Response response = http.exchange("GET", "/1MB.bin");
        assertThat(response.status() + " " + response.md5()).isEqualTo("200 " + MD5_1MB);
        assertThat(response.header("Server")).contains(algorithm.name());
    }

    private static int poolUnderAuto(Algorithm algorithm) {
        return switch (algorithm) {
            case VTA -> 0;
            case ADA -> CORES;
            case SBA, EBA, ENBA -> 50;
        };
    }
}
