package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.metrics.RunResult;
import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.report.HistogramLog;
import dev.gsf.loadgen.load.report.ReportFiles;
import dev.gsf.loadgen.load.report.Summary;
import dev.gsf.loadgen.load.report.TextReport;
import dev.gsf.loadgen.load.workload.Workload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Carries out a {@link LoadPlan}: {@code runs} times (stopping after a run that could not take place or was stopped
 * early), each judged by the plan's criteria; prints each text summary and writes the report files into the plan's
 * directory. What {@code gsf load} does after parsing its options, and what the benchmarks call in-process with a
 * plan they built. Blocks the calling thread for the runs.
 */
public final class LoadSession {
    /** Every run's figures and verdicts, in order. */
    public record Outcome(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        /** The last run did not take place (the server was unreachable, an event loop failed). */
        public boolean aborted() {
            return runs.get(runs.size() - 1).result.aborted();
        }

        /** The last run was stopped before its planned end (see {@link RunStop}); its results are partial. */
        public boolean stopped() {
            return runs.get(runs.size() - 1).result.stopped() != null;
        }

        /** Every criterion of every run passed. */
        public boolean passed() {
            return verdicts.stream().flatMap(List::stream).allMatch(Criterion.Verdict::passed);
        }

        public Summary first() {
            return runs.get(0);
        }
    }

    private LoadSession() {
    }

    /**
     * The plan's runs with its manifest and mix read, never stopped early.
     *
     * @param out where the text summaries go
     * @param log where progress and problems go
     * @throws IllegalArgumentException when the manifest or the mix cannot be read
     */
    public static Outcome run(LoadPlan plan, PrintStream out, PrintStream log, boolean terminal)
            throws InterruptedException {
        return run(plan, Workload.of(plan.manifest(), plan.mix()), out, log, terminal, new RunStop());
    }

    /**
     * @param workload the plan's manifest and mix, read (and so validated) by the caller
     * @param stop     ends the run going early when requested, and the session with it
     */
    public static Outcome run(LoadPlan plan, Workload workload, PrintStream out, PrintStream log, boolean terminal,
                              RunStop stop) throws InterruptedException {
        List<Summary> summaries = new ArrayList<>();
        List<List<Criterion.Verdict>> verdicts = new ArrayList<>();
        boolean over = false;
        try {
            over = runs(plan, workload, out, log, terminal, stop, summaries, verdicts);
        } finally {
            if (plan.connecting().tls() != null) {
                plan.connecting().tls().close(); // BoringSSL's context: its native memory, once the runs are over
            }
        }
        if (summaries.size() > 1) {
            out.println(TextReport.spread(summaries));
        }
        if (plan.outDir() != null) {
            ReportFiles.write(plan.outDir(), summaries, verdicts, out, log);
        }
        return new Outcome(summaries, verdicts);
    }

    /** The plan's runs, one after the other, until they are done or one ends early; true when one did. */
    private static boolean runs(LoadPlan plan, Workload workload, PrintStream out, PrintStream log, boolean terminal,
                                RunStop stop, List<Summary> summaries, List<List<Criterion.Verdict>> verdicts)
            throws InterruptedException {
        boolean over = false;
        for (int i = 0; i < plan.runs() && !over; i++) {
            if (plan.runs() > 1) {
                log.println("gsf load: run " + (i + 1) + " of " + plan.runs());
            }
            RunResult result = new LoadRun(plan, workload, log, terminal, i == 0 ? plan.startAt() : null,
                    plan.outDir() == null ? null : plan.outDir().resolve(HistogramLog.fileName(i, plan.runs())), stop)
                    .run();
            Summary summary = new Summary(plan, result);
            List<Criterion.Verdict> v = plan.criteria().stream()
                    .map(c -> c.judge(summary.figure(c.figure()))).toList();
            summaries.add(summary);
            verdicts.add(v);
            out.println(TextReport.render(summary, v));
            over = !result.complete();
        }
        return over;
    }
}
