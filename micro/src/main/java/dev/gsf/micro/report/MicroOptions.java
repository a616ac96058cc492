package dev.gsf.micro.report;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every micro-test command shares (a picocli mixin): the quick preset and where results go. */
public final class MicroOptions {
    @Option(names = "--quick", description = "a preset that finishes in about a minute (see the description above)")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR",
            description = "directory for NAME.txt, NAME.json and NAME.html (default: results/micro of this checkout)")
    Path out;

    public boolean quick() {
        return quick;
    }

    public Path directory() {
        if (out != null) {
            return out;
        }
        return Path.of(System.getProperty("gsf.home", ".")).resolve("results").resolve("micro");
    }
}
