package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * By hand only ({@code -Dgsf.test.firstWriteStress=true}; 4,800 downloads an invocation, about 20 s of CPU): the
 * reproduction of issue 35's "newPosition > limit: (12566 > 12562)" at scale. Keep-alive TLS clients download, in
 * turn, two files whose heads differ in length, both longer than a first write, so that every download's first write
 * (its head and 12 KiB) goes through PlainSink's pool of first-write buffers at once on several connections; every
 * body is checked. Before TlsRecords stopped setting a message's positions back after its end, every algorithm under
 * both providers lost a few downloads in each run (a wrong body, stray bytes before the next head, a download failed
 * or cut): docs/results/2026-11-28-tls-wrap-position.md. {@link TlsRecordsTest} is the deterministic check of the
 * same fault, run by the suite. {@code gsf.test.firstWriteClients} (24) and {@code gsf.test.firstWriteRounds} (200)
 * size it.
 */
@EnabledIfSystemProperty(named = "gsf.test.firstWriteStress", matches = "true")
class FirstWritesStressTest {
    private static final String[] NAMES = {"a.bin", "b.bin"};
    /** 5 and 6 digits of Content-Length: heads of different lengths. */
    private static final int[] SIZES = {13_000, 130_000};
    @TempDir
    Path root;

    @ParameterizedTest(name = "{0} tls-provider={1}")
    @MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmUnderEachProvider")
    void everyBodyArrivesWhole(Algorithm algorithm, String provider) throws Exception {
        byte[][] files = new byte[NAMES.length][];
        for (int i = 0; i < NAMES.length; i++) {
            files[i] = new byte[SIZES[i]];
            new Random(i).nextBytes(files[i]);
            Files.write(root.resolve(NAMES[i]), files[i]);
        }
        Transport transport = Transport.overTls(provider);
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        AtomicInteger whole = new AtomicInteger();
        try (FileServer server = Servers.start(root, algorithm, transport.keys())) {
            int port = server.tlsPort().orElseThrow();
            int clients = Integer.getInteger("gsf.test.firstWriteClients", 24);
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            List<Future<?>> all = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int first = c % 2;
                all.add(pool.submit(() -> download(port, first, files, whole, wrong)));
            }
            for (Future<?> each : all) {
                each.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();
        }
        assertThat(wrong).as(whole + " whole").isEmpty();
    }

    /** One client's rounds, alternating the files from {@code first}; a failed exchange reconnects. */
    private static Void download(int port, int first, byte[][] files, AtomicInteger whole, Queue<String> wrong)
            throws IOException {
        RawHttp http = null;
        try {
            for (int round = 0; round < Integer.getInteger("gsf.test.firstWriteRounds", 200); round++) {
                int which = (first + round) % 2;
                try {
                    if (http == null) {
                        http = RawHttp.overTls(port, TestCerts.clientContext());
                    }
                    RawHttp.Response response = http.exchange("GET", "/" + NAMES[which]);
                    if (response.status() == 200
                            && RawHttp.md5Hex(files[which], 0, files[which].length).equals(response.md5())) {
                        whole.incrementAndGet();
                    } else {
                        wrong.add(NAMES[which] + ": " + response.status() + ", " + response.bodyLength() + " bytes, "
                                + difference(response.smallBody(), files[which]));
                    }
                } catch (IOException e) {
                    wrong.add(NAMES[which] + ": " + e);
                    http.close();
                    http = null;
                }
            }
        } finally {
            if (http != null) {
                http.close();
            }
        }
        return null;
    }

    private static String difference(byte[] got, byte[] want) {
        for (int i = 0; i < got.length; i++) {
            if (got[i] != want[i]) {
                return "first difference at " + i;
            }
        }
        return "its first " + got.length + " bytes right";
    }
}
