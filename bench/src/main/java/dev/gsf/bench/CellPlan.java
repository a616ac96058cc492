package dev.gsf.bench;

import dev.gsf.common.options.Phases;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.load.LoadSession;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.plan.LoadPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What every cell of a suite shares (the file set, the phases, the warm-up and the transport), and the load plans it
 * makes for one cell's server: the warm-up, then the measured run, with the same clients, file mix and limit.
 *
 * @param files    the directory served
 * @param manifest its MD5 manifest
 * @param lengths  the measured run's phases
 * @param warmUp   unrecorded load before them, on each fresh server; zero for none
 * @param pin      the CPUs of each cell's server (this process, the load generator, is on the others)
 */
record CellPlan(Path files, Path manifest, Phases.Lengths lengths, Duration warmUp, Transport transport,
                Pinning pin) {

    /** {@code clients} on {@code mix} ("" for the whole set) at {@code rate} bytes/s (0: unthrottled). */
    LoadPlan measured(Target target, String mix, int clients, long rate, Path dir) {
        return transport.plan(LoadPlan.closed(target, manifest, mix, clients, rate, lengths.rampUp(),
                lengths.steady(), lengths.rampDown(), dir));
    }

    /**
     * The same load for the warm-up's length, its clients started over the run's ramp-up (at most half the warm-up),
     * as the run starts them: a thousand connecting at once could overflow the server's accept queue. Its reports
     * in dir/warm-up.
     */
    LoadPlan warmingUp(Target target, String mix, int clients, long rate, Path dir) {
        Duration rampUp = lengths.rampUp().compareTo(warmUp.dividedBy(2)) < 0 ? lengths.rampUp() : warmUp.dividedBy(2);
        return transport.plan(LoadPlan.closed(target, manifest, mix, clients, rate, rampUp, warmUp.minus(rampUp),
                Duration.ZERO, dir.resolve("warm-up")));
    }

    boolean warms() {
        return !warmUp.isZero();
    }

    /**
     * Checks a warm-up's outcome: its figures are not used, but a warm-up that could not take place (the server
     * refused every connection, say) means the cell cannot be measured either.
     */
    static void warmedUp(LoadSession.Outcome warmUp, Path dir) throws IOException {
        if (LoadCommand.exitCode(warmUp) == LoadCommand.BAD_INPUT) {
            throw new IOException("the warm-up could not run (see " + dir.resolve("warm-up").resolve("load.log") + ")");
        }
    }
}
