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

/**
 * 100 downloads at once, every size of the set mixed, each checked byte for byte, and nothing left over. The largest
 * file (100 MB) is 2 of the 100 and the other sizes take turns: the 100 MB and 20 MB downloads hold their connections
 * over thousands of writes while the small ones come and go, which is the mix this is about. (Taking every size in
 * turn made 16 of them 100 MB: 2 GB per algorithm checked byte for byte, now 0.63 GB.) Each body is compared with the
 * file served ({@link RawHttp#firstDifference}), not hashed: MD5 of 3.2 GB (0.63 GB per algorithm) was most of this
 * class's CPU, and a comparison against the page cache costs about a tenth of it (as in DownloadTest); common's
 * FileSetTest checks the generated files against the committed MD5s.
 */
class ConcurrentDownloadsTest {
    private static final int DOWNLOADS = 100;
    /** Downloads of the largest file, at these places in the order they start. */
    private static final java.util.Set<Integer> LARGEST_AT = java.util.Set.of(0, DOWNLOADS / 2);

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void hundredConcurrentDownloadsAllArriveIntact(Algorithm algorithm) throws Exception {
        List<Manifest.Entry> files = new ArrayList<>(TestFiles.committedManifest().entries());
        files.sort(java.util.Comparator.comparingLong(e -> TestFiles.fileSet().resolve(e.name()).toFile().length()));
        Manifest.Entry largest = files.remove(files.size() - 1);
        try (FileServer server = Servers.start(algorithm, "workers", "16");
             // Platform threads: 100 clients hashing up to 100 MB each on virtual threads held the JVM's carriers
             // (one per core) for seconds, and the VTA downloads of the classes running beside this one waited
             // unmounted behind them (an empty answer after 10 s in ServerCloseNotifyTest at load 34).
             ExecutorService clients = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().daemon().factory())) {
            List<Future<String>> results = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < DOWNLOADS; i++) {
                Manifest.Entry file = LARGEST_AT.contains(i) ? largest : files.get(i % files.size());
                expected.add(file.name() + " whole");
                results.add(clients.submit(() -> {
                    try (RawHttp http = new RawHttp(server.port())) {
                        http.send("GET", "/" + file.name());
                        RawHttp.Response head = http.readHead();
                        if (head.status() != 200) {
                            return file.name() + " status " + head.status();
                        }
                        long difference = RawHttp.firstDifference(http.body(head),
                                TestFiles.fileSet().resolve(file.name()));
                        return file.name() + (difference < 0 ? " whole" : " differs from byte " + difference);
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
