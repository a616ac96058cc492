package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading a JVM's compiler threads from /proc, and when a warm-up counts its JIT as settled. */
class JitWarmUpTest {

    @Test
    void aJvmHasCompilerThreads_aSleepHasNone() throws Exception {
        assertThat(JitWarmUp.compilerTicks(ProcessHandle.current().pid())).isNotNegative();
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(JitWarmUp.compilerTicks(sleep.pid())).isEqualTo(-1);
            List<Duration> runs = new ArrayList<>();
            JitWarmUp.Settled settled = JitWarmUp.run(sleep.toHandle(), Duration.ofSeconds(10), runs::add);
            assertThat(runs).containsExactly(Duration.ofSeconds(10)); // nginx's warm-up: as given, nothing measured
            assertThat(settled.steps()).isZero();
            assertThat(settled.quiet()).isTrue();
        } finally {
            sleep.destroyForcibly().waitFor();
        }
        assertThat(JitWarmUp.compilerTicks(Long.MAX_VALUE)).isEqualTo(-1); // no such process
    }

    @Test
    void quietIsAtMostFivePercentOfTheStepsCpu() {
        assertThat(JitWarmUp.share(0, 0)).isZero(); // an idle step: nothing to compile either
        assertThat(JitWarmUp.share(5, 100)).isLessThanOrEqualTo(JitWarmUp.QUIET_SHARE);
        assertThat(JitWarmUp.share(6, 100)).isGreaterThan(JitWarmUp.QUIET_SHARE);
        assertThat(new JitWarmUp.Settled(3, 0.2).quiet()).isFalse();
        assertThat(new JitWarmUp.Settled(1, 0.01).quiet()).isTrue();
    }

    /** A warm-up under 10 s (--quick's, the tests', a later pass's) is run as given, even on a JVM. */
    @Test
    void aShortWarmUpRunsAsGiven() throws Exception {
        List<Duration> runs = new ArrayList<>();
        JitWarmUp.Settled settled = JitWarmUp.run(ProcessHandle.current(), Duration.ofSeconds(9), runs::add);
        assertThat(runs).containsExactly(Duration.ofSeconds(9));
        assertThat(settled.steps()).isZero();
    }
}
