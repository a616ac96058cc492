package dev.gsf.micro.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.Report;
import dev.gsf.report.Json;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EchoTest {
    private static final long BYTES = 1 << 20;

    @ParameterizedTest
    @ValueSource(strings = {"B-B", "NB-NB", "B-NB", "NB-B", "A-A", "VT-VT", "A-B", "VT-NB"})
    @Timeout(30)
    void everyPairingEchoesEveryByteIntact(String label) throws Exception {
        EchoPair pair = EchoPair.parse(label);
        EchoSettings settings = new EchoSettings(8192, BYTES, SocketBuffers.OS_DEFAULT, Duration.ofSeconds(5),
                Duration.ofSeconds(20));
        EchoRun run = new EchoCell(pair.server(), pair.client(), 3, settings).run();

        assertThat(run.status()).as(run.reason()).isEqualTo("OK");
        assertThat(run.bytesSent()).isEqualTo(3 * BYTES);
        assertThat(run.bytesEchoed()).isEqualTo(run.bytesSent());
        assertThat(run.intact()).isTrue();
        // Each client thread times itself; its time lies inside the whole test's window, which the cell times apart.
        assertThat(run.meanThreadMs()).isPositive().isLessThanOrEqualTo(run.wholeMs());
        assertThat(run.clientBuffers().send()).isPositive();
        assertThat(run.serverBuffers()).isNotNull();
    }

    @Test
    @Timeout(30)
    void blockingPairWithSmallSocketBuffersAndAHugeBufferIsReportedAsDeadlock() throws Exception {
        Duration stall = Duration.ofSeconds(1);
        EchoSettings settings = new EchoSettings(1 << 20, 8L << 20, new SocketBuffers(8192), stall,
                Duration.ofSeconds(20));
        Set<Thread> before = liveThreadsOfThisGroup();
        long start = System.nanoTime();

        EchoRun run = new EchoCell(EchoPair.parse("B-B").server(), EchoPair.parse("B-B").client(), 2, settings).run();

        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(run.status()).isEqualTo("DL");
        assertThat(run.reason()).contains("no progress for 1000 ms").contains("2/2 clients in write")
                .contains("2 connections with an unfinished write").doesNotContain("still alive");
        assertThat(took).isLessThan(stall.plusSeconds(8));
        // nothing left behind, not even a thread on its way out: the cell joins its clients, its server's threads and
        // its watchdog's before it returns (a thread of an earlier test that ends meanwhile is no concern of this one)
        Set<Thread> started = liveThreadsOfThisGroup();
        started.removeAll(before);
        assertThat(started).as("threads alive after the cell that were not before").map(Thread::getName).isEmpty();
    }

    /** The live platform threads of this test's group, the ones Thread.activeCount counts (the JVM's are elsewhere). */
    private static Set<Thread> liveThreadsOfThisGroup() {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getThreadGroup() == group)
                .collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    @Timeout(30)
    void socketBuffersAsRequestedAreReadBackAndDoubledInTheKernel() throws Exception {
        EchoSettings settings = new EchoSettings(8192, 64 << 10, new SocketBuffers(8192), Duration.ofSeconds(5),
                Duration.ofSeconds(20));
        EchoRun run = new EchoCell(EchoPair.parse("B-B").server(), EchoPair.parse("B-B").client(), 1, settings).run();

        assertThat(run.ok()).isTrue();
        assertThat(run.clientBuffers().send()).isEqualTo(8192);
        assertThat(run.clientBuffers().kernelSend()).isIn(8192, 16384);
        assertThat(run.serverBuffers().receive()).isEqualTo(8192);
    }

    @Test
    @Timeout(60)
    void matrixReportHasThePapersTableAndValidJson() throws Exception {
        List<EchoCellResult> results = new EchoMatrix(List.of(EchoPair.parse("B-B"), EchoPair.parse("NB-NB")),
                List.of(1, 2), List.of(8192, 1 << 20), List.of(new SocketBuffers(8192)), 256 << 10, 2,
                Duration.ofMillis(800), Duration.ofSeconds(20), false).run(new PrintStream(OutputStream.nullOutputStream()));
        Report report = EchoReport.of(results, List.of("test"));

        assertThat(report.text()).contains("B-B (blocking server, blocking client)")
                .containsPattern("8K +\\d+ \\(\\d+\\) ±\\d+% +\\d+ \\(\\d+\\) ±\\d+%")
                .containsPattern("1M +DL +DL")
                .contains("1M at threads [1 DL, 2 DL], first: no progress for 800 ms");
        EchoReport.Results json = Json.read(Json.write(report.results()), EchoReport.Results.class);
        assertThat(json.cells()).hasSize(8);
        EchoReport.Cell first = json.cells().get(0);
        assertThat(first.status()).isEqualTo("OK");
        assertThat(first.runs()).hasSize(2);
        assertThat(first.runs().get(0).bytesEchoed()).isEqualTo(256 << 10);
        assertThat(first.runs().get(0).clientBuffers().getOptionSend()).isEqualTo(8192);
        assertThat(first.wholeMs().count()).isEqualTo(2);
        assertThat(first.wholeMs().min()).isPositive().isLessThanOrEqualTo(first.wholeMs().max());
        // a cell whose every run stalled has no statistics: written as null, read back as NaN, not 0
        EchoReport.Cell stalled = json.cells().stream().filter(c -> c.buffer() == 1 << 20).findFirst().orElseThrow();
        assertThat(stalled.status()).isEqualTo("DL");
        assertThat(stalled.reason()).startsWith("no progress");
        assertThat(stalled.runs()).hasSize(1); // a failed cell is not repeated
        assertThat(stalled.perThreadMs().count()).isZero();
        assertThat(stalled.perThreadMs().median()).isNaN();
        assertThat(report.html().html()).contains("<svg").doesNotContain("src=", "href=", "<link"); // opens offline
    }
}
