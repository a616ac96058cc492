package dev.gsf.micro.echo;

import dev.gsf.report.Stats;
import java.util.List;

/** All runs of one cell. A cell that stalled or failed once is reported by that run's status (DL, TO, ERR). */
public record EchoCellResult(EchoPair pair, String sockbuf, int buffer, int threads, List<EchoRun> runs) {

    public EchoRun failure() {
        return runs.stream().filter(r -> !r.ok()).findFirst().orElse(null);
    }

    public String status() {
        EchoRun f = failure();
        return f == null ? "OK" : f.status();
    }

    public Stats whole() {
        return Stats.of(runs.stream().filter(EchoRun::ok).mapToDouble(EchoRun::wholeMs).toArray());
    }

    public Stats perThread() {
        return Stats.of(runs.stream().filter(EchoRun::ok).mapToDouble(EchoRun::perThreadMs).toArray());
    }

    public Stats mibPerSecond() {
        return Stats.of(runs.stream().filter(EchoRun::ok).mapToDouble(EchoRun::mibPerSecond).toArray());
    }

    /** The paper's cell: "per-thread (whole)" in ms, with the whole time's relative spread; or the failure code. */
    public String cell() {
        if (failure() != null) {
            return status();
        }
        Stats w = whole();
        return String.format("%.0f (%.0f) ±%.0f%%", perThread().mean(), w.mean(), w.relativeStdevPercent());
    }
}
