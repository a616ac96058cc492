package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.workload.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything that decides what a run does, validated by {@link LoadCommand}.
 *
 * @param target        the server
 * @param manifest      md5sum-format file list
 * @param mix           "" for an equal mix, else NAME[=WEIGHT],...
 * @param clients       closed model: simulated users; open model: the most connections
 * @param arrivalRate   open model: downloads started per second; 0 for the closed model
 * @param rate          bytes per second per client, 0 for unthrottled
 * @param burst         throttle bucket size in bytes
 * @param receiveBuffer SO_RCVBUF per connection, 0 for the system default
 * @param think         closed model: pause between downloads
 * @param rampUp        ramp-up duration
 * @param steady        steady-state duration
 * @param rampDown      ramp-down duration
 * @param timeout       connect timeout and the longest a download may make no progress
 * @param interval      period of the throughput time series
 * @param threads       event loops
 * @param criteria      pass/fail criteria
 * @param outDir        where summary.json and report.html go; null for none
 * @param seed          seed of the file choices and think times
 * @param runs          how many times the whole run is repeated
 */
public record LoadPlan(Target target, Path manifest, String mix, int clients, double arrivalRate, long rate,
                       long burst, int receiveBuffer, ThinkTime think, Duration rampUp, Duration steady,
                       Duration rampDown, Duration timeout, Duration interval, int threads, List<Criterion> criteria,
                       Path outDir, long seed, int runs) {

    public boolean openModel() {
        return arrivalRate > 0;
    }

    public Duration total() {
        return rampUp.plus(steady).plus(rampDown);
    }
}
