package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.ErrorLog;
import dev.gsf.loadgen.load.metrics.LiveCounters;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import org.junit.jupiter.api.Test;

/** Faban's rule on an exact clock: only what starts and ends inside steady state counts. */
class PhaseAccountingTest {
    private static final long S = 1_000_000_000L;
    // ramp-up [0, 10s), steady [10s, 20s), ramp-down [20s, 25s)
    private final Phases phases = new Phases(0, 10 * S, 10 * S, 5 * S);
    private final Recorder recorder = new Recorder(phases, 2, new LiveCounters(), new ErrorLog(null));

    @Test
    void onlyDownloadsThatStartAndEndInSteadyStateCount() {
        recorder.completed(0, 9 * S, 11 * S, 100);  // started in ramp-up
        recorder.completed(0, 11 * S, 12 * S, 100); // inside
        recorder.completed(1, 19 * S, 21 * S, 100); // ended in ramp-down
        recorder.completed(1, 10 * S, 20 * S, 100); // exactly the window

        RunMetrics m = recorder.metrics();
        assertThat(m.files[0].downloads()).isEqualTo(1);
        assertThat(m.files[1].downloads()).isEqualTo(1);
        assertThat(m.completed).isEqualTo(4);
        assertThat(m.files[0].downloadMicros.getMaxValueAsDouble()).isBetween(0.99e6, 1.01e6);
    }

    @Test
    void bytesCountWhenTheyArriveInsideSteadyStateWhateverTheirDownload() {
        recorder.received(1000, 9 * S);
        recorder.received(10, 10 * S);
        recorder.received(20, 19 * S);
        recorder.received(1000, 20 * S);
        assertThat(recorder.metrics().steadyBytes).isEqualTo(30);
    }

    @Test
    void initTimeCountsWhenRequestAndFirstByteAreInsideSteadyState() {
        recorder.firstByte(9 * S, 10 * S + 1);
        recorder.firstByte(12 * S, 12 * S + 3_000_000); // 3 ms
        recorder.firstByte(19 * S, 21 * S);
        assertThat(recorder.metrics().initMicros.getTotalCount()).isEqualTo(1);
        assertThat(recorder.metrics().initMicros.getMean()).isBetween(2990.0, 3010.0);
    }

    @Test
    void errorsCountInSteadyStateByTheSameRule() {
        recorder.failed(ErrorKind.MD5, 1, 11 * S, 12 * S, "x");
        recorder.failed(ErrorKind.MD5, 1, 5 * S, 12 * S, "y");
        recorder.failed(ErrorKind.RESET, 0, 21 * S, 22 * S, "z");
        RunMetrics m = recorder.metrics();
        assertThat(m.errors[ErrorKind.MD5.ordinal()]).isEqualTo(2);
        assertThat(m.steadyErrors[ErrorKind.MD5.ordinal()]).isEqualTo(1);
        assertThat(m.steadyErrors[ErrorKind.RESET.ordinal()]).isZero();
        assertThat(m.steadyFileErrors).containsExactly(0, 1);
    }
}
