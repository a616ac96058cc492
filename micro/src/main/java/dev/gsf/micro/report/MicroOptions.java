package dev.gsf.micro.report;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every micro-test command shares (a picocli mixin): the quick preset and where results go. */
public final class MicroOptions {
    @Option(names = "--quick",
            description = "a preset that finishes in about a minute (see the description above); options given"
                    + " explicitly keep their values")
    boolean quick;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--out", paramLabel = "DIR",
            description = "directory for NAME.txt, NAME.json and NAME.html (default: results/micro of this checkout)")
    Path out;

    /** Whether the quick preset sets this option: --quick was given and the option itself was not. */
    public boolean quick(String option) {
        return quick && !command.commandLine().getParseResult().hasMatchedOption(option);
    }

    public Path directory() {
        if (out != null) {
            return out;
        }
        return Path.of(System.getProperty("gsf.home", ".")).resolve("results").resolve("micro");
    }
}
