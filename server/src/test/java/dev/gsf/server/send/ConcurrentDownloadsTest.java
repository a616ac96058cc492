package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.Manifest;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** 100 downloads at once, every size of the set mixed, each checked byte for byte, and nothing left over. */
class ConcurrentDownloadsTest {
    private static final int DOWNLOADS = 100;

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void hundredConcurrentDownloadsAllArriveIntact(Algorithm algorithm) throws Exception {
        List<Manifest.Entry> files = TestFiles.committedManifest().entries();
        try (FileServer server = Servers.start(algorithm, "workers", "16");
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> results = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < DOWNLOADS; i++) {
                Manifest.Entry file = files.get(i % files.size());
                expected.add(file.name() + " " + file.md5());
                results.add(clients.submit(() -> {
                    try (RawHttp http = new RawHttp(server.port())) {
                        RawHttp.Response r = http.exchange("GET", "/" + file.name());
                        return r.status() == 200 ? file.name() + " " + r.md5() : file.name() + " status " + r.status();
                    }
                }));
            }
            List<String> actual = new ArrayList<>();
            for (Future<String> result : results) {
                actual.add(result.get(120, TimeUnit.SECONDS));
            }
            assertThat(actual).containsExactlyElementsOf(expected);
            // Clients have their last bytes before the server has seen those writes complete: wait for both.
            Await.until("every download counted complete and none in progress", Duration.ofSeconds(20),
                    () -> server.algorithmStats().inProgress() == 0, server::algorithmStats);
            assertThat(server.algorithmStats().ended(Outcome.COMPLETED)).isEqualTo(DOWNLOADS);
        }
    }
}
