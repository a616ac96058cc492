package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An idle keep-alive connection costs no CPU after a response. It measures the CPU of every server thread of the JVM
 * (Grizzly's and the workers'), so no other test class runs beside it ({@code @Isolated}); JUnit runs the tests of a
 * class holding that lock one after the other, so each variant's idle time is a quarter of a second, not a second:
 * the bound is the same fifth of it, which a spinning selector thread (all of the quarter) passes five times over.
 */
@Isolated("measures the CPU time of every server thread in the JVM")
class IdleConnectionCpuTest {
    private static final long IDLE_MILLIS = 250;

    @ParameterizedTest
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void anIdleKeepAliveConnectionCostsNoCpuAfterAResponse(Algorithm algorithm, boolean zeroCopy)
            throws Exception {
        try (FileServer server = Servers.start(algorithm, "zero-copy", Boolean.toString(zeroCopy),
                "zero-copy-min", "0");
             RawHttp http = new RawHttp(server.port())) {
            for (String file : new String[] {"/1KB.bin", "/1MB.bin"}) {
                assertThat(http.exchange("GET", file).md5()).isEqualTo(TestFiles.md5Of(file.substring(1)));
            }
            Await.until("the downloads to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
            long before = serverThreadsCpuNanos();
            TimeUnit.MILLISECONDS.sleep(IDLE_MILLIS); // the idle time being measured
            long used = serverThreadsCpuNanos() - before;
            // Before the fix a selector thread spun on the idle connection: about all of this time in CPU.
            assertThat(used).as("CPU ns of selector, HTTP and worker threads in %d idle ms", IDLE_MILLIS)
                    .isLessThan(TimeUnit.MILLISECONDS.toNanos(IDLE_MILLIS) / 5);
        }
    }

    private static long serverThreadsCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && (info.getThreadName().startsWith("grizzly")
                    || info.getThreadName().startsWith("gsf-worker"))) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }
}
