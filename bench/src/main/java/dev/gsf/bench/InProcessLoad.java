package dev.gsf.bench;

import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.LoadSession;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;

/** Carries out a load plan in this process, its reports and its log (load.log) in the plan's directory. */
final class InProcessLoad {
    private InProcessLoad() {
    }

    /** Blocks for the run's phases. */
    static LoadSession.Outcome run(LoadPlan plan) throws IOException, InterruptedException {
        Files.createDirectories(plan.outDir());
        try (PrintStream log = new PrintStream(Files.newOutputStream(plan.outDir().resolve("load.log")), true)) {
            return LoadSession.run(plan, log, log, false);
        }
    }
}
