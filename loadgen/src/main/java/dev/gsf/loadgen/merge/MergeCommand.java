package dev.gsf.loadgen.merge;

import dev.gsf.loadgen.load.plan.CriteriaOptions;
import dev.gsf.loadgen.load.plan.ExitCodes;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gsf merge}: one result from the result directories of a run's segments. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Merges the result directories of gsf load --segment I/N runs into one result, as one process"
                + " would have written it: counters summed, histograms added interval by interval on absolute time;"
                + " summary.txt, summary.json, report.html and histograms.hlog, with a per-agent table.",
                "Exit code: 0 all criteria passed, 1 a criterion failed, 2 bad input (not a result directory,"
                        + " results of different runs, a segment missing: the result is then written, marked"
                        + " incomplete)."})
public final class MergeCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "where the merged result goes")
    Path out;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "result directories of gsf load, one per segment")
    List<Path> dirs;

    @Mixin
    CriteriaOptions criteria;

    @Override
    public Integer call() {
        return execute(System.out, System.err);
    }

    /** Merges with the given streams: the summary goes to {@code out}, problems to {@code log}. */
    public int execute(PrintStream text, PrintStream log) {
        MergedResult merged;
        try {
            Merge merge = Merge.of(dirs).withCriteria(criteria.criteria());
            merged = merge.writeTo(out, text, log);
            if (!merge.missingSegments().isEmpty()) {
                log.println("gsf merge: incomplete: no result of segment " + String.join(", ", merge.missingSegments()));
            }
        } catch (IllegalArgumentException e) {
            log.println("gsf merge: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        return merged.exitCode();
    }
}
