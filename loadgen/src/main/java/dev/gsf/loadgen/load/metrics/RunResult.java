package dev.gsf.loadgen.load.metrics;

import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, ready for the reports.
 *
 * @param server          the algorithm the server reported (X-Send-Algorithm), else its Server header
 * @param fileNames       the workload's files, in order
 * @param fileLengths     each file's length as the server announced it, -1 when unknown
 * @param warnings        things that went wrong before the load (probe) that did not stop it
 * @param abortReason     why the run did not take place, or null
 * @param phases          the run's phases
 * @param metrics         all loops' figures merged
 * @param errorSamples    the first message of each error kind
 * @param intervals       the time series
 * @param peakHeapBytes   most heap in use at a sample
 * @param peakConnections most connections open at a sample
 * @param steadyCpuPercent average process CPU in steady state, percent of one core
 */
public record RunResult(String server, List<String> fileNames, long[] fileLengths, List<String> warnings,
                        String abortReason, Phases phases, RunMetrics metrics, Map<ErrorKind, String> errorSamples,
                        List<IntervalSample> intervals, long peakHeapBytes, long peakConnections,
                        double steadyCpuPercent) {

    public boolean aborted() {
        return abortReason != null;
    }
}
