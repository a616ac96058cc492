package dev.gsf.server.files;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Descriptors;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The open-file cache shares one descriptor among the downloads of a file, and closes it once they end. Counts every
 * descriptor of the JVM, so it runs alone ({@code @Isolated}).
 */
@Isolated("counts every descriptor of the JVM")
class SharedDescriptorTest {
    private static final Path FILES = realPath(TestFiles.fileSet());
    /**
     * Concurrent stalled downloads: enough that one descriptor more each would stand out (40 against the 3 files and
     * a slack of 16), few enough for a unit test (100 took 2.5 s a variant, 24 s of the suite's isolated stream).
     */
    private static final int DOWNLOADS = 40;
    private static final List<String> SHARED = List.of("1MB.bin", "20MB.bin", "100MB.bin");
    /**
     * How long a file idle in the cache stays open: the last wait is for the cache to close the shared files, which at
     * the default 1 s cost about a second a variant of the suite's isolated stream.
     */
    private static final String OPEN_FILE_CACHE = "200ms";
    /** Descriptors the JVM and Grizzly may open or keep besides sockets and served files (selectors, JDK caches). */
    private static final int FD_SLACK = 16;

    @ParameterizedTest(name = "{0} zero-copy={1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void manyDownloadsOfAFewFilesHoldOneDescriptorPerFile_andNoneOnceTheyEnd(Algorithm algorithm, boolean zeroCopy)
            throws Exception {
        try (FileServer server = Servers.start(FILES, algorithm, "zero-copy", Boolean.toString(zeroCopy),
                "workers", Integer.toString(DOWNLOADS + 8), "send-buffer", "64K", "write-timeout", "60s",
                "open-file-cache", OPEN_FILE_CACHE)) {
            try (RawHttp warmUp = new RawHttp(server.port())) { // HEAD opens no file
                assertThat(warmUp.exchange("HEAD", "/1MB.bin").status()).isEqualTo(200);
            }
            long baseline = Descriptors.targets().size();
            List<RawHttp> clients = new ArrayList<>();
            try {
                for (int i = 0; i < DOWNLOADS; i++) {
                    RawHttp client = new RawHttp(server.port());
                    clients.add(client);
                    client.socket().setReceiveBufferSize(16 * 1024);
                    client.send("GET", "/" + SHARED.get(i % SHARED.size())); // and never read: a stalled download
                }
                Await.until(DOWNLOADS + " downloads in progress", WAIT,
                        () -> server.algorithmStats().inProgress() == DOWNLOADS, server::algorithmStats);
                List<String> during = Descriptors.targets();
                // Every client socket and its server side are in this process: two sockets per download, no more
                // where the server calls sendfile(2) itself (to the socket's own number: send.ConnectionSocket).
                long perDownload = 2;
                assertThat(servedFiles(during)).as("descriptors of served files, of " + during.size())
                        .hasSizeLessThanOrEqualTo(SHARED.size());
                assertThat((long) during.size()).as("all descriptors (baseline %d)", baseline)
                        .isLessThanOrEqualTo(baseline + perDownload * DOWNLOADS + FD_SLACK);
                System.out.printf("%s zero-copy=%s: %d downloads, fds baseline %d, during %d (%d sockets, %d served"
                                + " files)%n", algorithm, zeroCopy, DOWNLOADS, baseline, during.size(),
                        during.stream().filter(fd -> fd.startsWith("socket:")).count(), servedFiles(during).size());
            } finally {
                for (RawHttp client : clients) {
                    client.socket().setSoLinger(true, 0);
                    client.close();
                }
            }
            Await.until("every download to end", WAIT, () -> {
                AlgorithmStats.Snapshot s = server.algorithmStats();
                return s.inProgress() == 0 && s.waiting() == 0;
            }, server::algorithmStats);
            Await.until("descriptors back at the baseline " + baseline, WAIT,
                    () -> Descriptors.targets().size() <= baseline && servedFiles(Descriptors.targets()).isEmpty(),
                    Descriptors::targets);
        }
    }

    private static List<String> servedFiles(List<String> fds) {
        return fds.stream().filter(fd -> fd.startsWith(FILES.toString())).toList();
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
