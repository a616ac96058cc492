package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.report.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes summary.txt, summary.json and report.html of an invocation into one directory. */
public final class ReportFiles {
    private ReportFiles() {
    }

    /** A directory that cannot be written is reported on {@code log}; the run's outcome stands. */
    public static void write(Path dir, List<Summary> summaries, List<List<Criterion.Verdict>> verdicts,
                             PrintStream out, PrintStream log) {
        try {
            Files.createDirectories(dir);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < summaries.size(); i++) {
                text.append(TextReport.render(summaries.get(i), verdicts.get(i))).append('\n');
            }
            if (summaries.size() > 1) {
                text.append(TextReport.spread(summaries));
            }
            Files.writeString(dir.resolve("summary.txt"), text);
            Json.write(dir.resolve("summary.json"), JsonReport.render(summaries, verdicts));
            HtmlReport.render(summaries, verdicts).write(dir.resolve("report.html"));
            out.println("reports: " + dir.resolve("summary.json") + ", " + dir.resolve("report.html"));
        } catch (IOException e) {
            log.println("gsf load: cannot write the reports to " + dir + ": " + e.getMessage());
        }
    }
}
