package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The table's ratio to the reference, with the spread of each round's own ratio, and the server's CPU per response,
 * from what the rounds recorded (no server needed).
 */
class MeasurementsTest {

    @Test
    void eachRatioHasTheSpreadOfTheRoundsOwnRatios_andTheCpuPerResponseItsRounds() {
        Workload kb = Workload.of("1KB.bin", 50);
        Measurements m = new Measurements(List.of(kb));
        // round 1: ours at 0.9x nginx; round 2: at 1.1x. 1 s rounds: requests = req/s.
        m.record("nginx", kb, new LoadClient.Result(100_000, 100_000 * 1024L, 1, 0), 2.0);
        m.record("gsf VTA", kb, new LoadClient.Result(90_000, 90_000 * 1024L, 1, 0), 4.5);
        m.record("nginx", kb, new LoadClient.Result(200_000, 200_000 * 1024L, 1, 0), 4.0);
        m.record("gsf VTA", kb, new LoadClient.Result(220_000, 220_000 * 1024L, 1, 1), 8.8);

        List<String> lines = m.table("nginx").lines().toList();
        assertThat(lines.get(0)).contains("x nginx [min-max]", "CPU us/req [min-max]", "CPU s/GB");
        assertThat(lines.get(1)).startsWith("nginx").contains(" 1.00 [1.00-1.00] ", " 20.0 [ 20.0- 20.0] ");
        // medians 155k over 150k; each round's own: 0.90 and 1.10; CPU 50 and 40 us per response
        assertThat(lines.get(2)).startsWith("gsf VTA").contains(" 1.03 [0.90-1.10] ", " 45.0 [ 40.0- 50.0] ")
                .endsWith(" 1");

        Measurements.CellReport vta = m.cells().get(1);
        assertThat(vta.server()).isEqualTo("gsf VTA");
        assertThat(vta.cpuUsPerReq()).containsExactly(50.0, 40.0);
        assertThat(vta.medianCpuUsPerReq()).isCloseTo(45.0, offset(1e-9));
        assertThat(vta.cpuSecPerGb().getFirst()).isCloseTo(4.5 / (90_000 * 1024 / 1e9), offset(1e-9));
    }

    /**
     * The warm-up is one unrecorded run per peer and workload for a process without JIT compiler threads (nginx; here
     * a sleep); a zero one runs nothing (wrk refuses -d0s).
     */
    @Test
    void aZeroWarmUpRunsNoLoad_theRoundsStillRun() throws Exception {
        List<Duration> runs = new ArrayList<>();
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            List<Workload> kb = List.of(Workload.of("1KB.bin", 1));
            Peer peer = peer(sleep.toHandle());
            Measurements.run(List.of(peer), kb, counting(runs), 2, Duration.ofSeconds(1), Duration.ofSeconds(3), quiet);
            assertThat(runs).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(1));
            runs.clear();
            Measurements.run(List.of(peer), kb, counting(runs), 2, Duration.ofSeconds(1), Duration.ZERO, quiet);
            assertThat(runs).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1));
        } finally {
            sleep.destroyForcibly().waitFor();
        }
    }

    /**
     * A JVM peer's warm-up ends with a measured step of 2 s, and more while its compiler threads are busy (this JVM's
     * are next to idle under a client that returns at once, so one or few), then the rounds; the progress says so,
     * and gives each round's JIT share.
     */
    @Test
    void aJvmPeersWarmUpEndsInMeasuredSteps() throws Exception {
        List<Duration> runs = new ArrayList<>();
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        Measurements.run(List.of(peer(ProcessHandle.current())), List.of(Workload.of("1KB.bin", 1)), counting(runs),
                2, Duration.ofSeconds(1), Duration.ofSeconds(10), new PrintStream(said, true));
        assertThat(runs).startsWith(Duration.ofSeconds(8), JitWarmUp.STEP).endsWith(Duration.ofSeconds(1),
                Duration.ofSeconds(1)).hasSizeBetween(4, 4 + JitWarmUp.MAX_STEPS);
        assertThat(runs.subList(1, runs.size() - 2)).containsOnly(JitWarmUp.STEP);
        assertThat(said.toString()).contains("warm-up  this JVM", "measured step(s)");
        assertThat(said.toString().lines().filter(l -> l.startsWith("  round "))).hasSize(2)
                .allMatch(l -> l.contains("% of its CPU")); // the JIT's share of each round's CPU
    }

    /** A client that records each run's duration and returns at once. */
    private static LoadClient counting(List<Duration> runs) {
        return new LoadClient() {
            @Override
            public String name() {
                return "counting";
            }

            @Override
            public Result run(String url, int connections, Duration duration) {
                runs.add(duration);
                return new Result(10, 10 * 1024L, 1, 0);
            }
        };
    }

    private static Peer peer(ProcessHandle process) {
        return new Peer() {
            @Override
            public String name() {
                return "this JVM";
            }

            @Override
            public int port() {
                return 1;
            }

            @Override
            public ProcessHandle process() {
                return process;
            }

            @Override
            public void close() {
            }
        };
    }
}
