package dev.gsf.loadgen.micro.report;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The output options every micro-test command shares (a picocli mixin). */
public final class ReportOptions {
    @Option(names = "--out", paramLabel = "DIR",
            description = "directory for NAME.txt, NAME.json and NAME.html (default: results/micro of this checkout)")
    Path out;

    public Path directory() {
        if (out != null) {
            return out;
        }
        return Path.of(System.getProperty("gsf.home", ".")).resolve("results").resolve("micro");
    }
}
