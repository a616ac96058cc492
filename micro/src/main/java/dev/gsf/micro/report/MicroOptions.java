package dev.gsf.micro.report;

import dev.gsf.common.options.OutOption;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** The options every micro-test command shares (a picocli mixin): the quick preset and where results go. */
public final class MicroOptions {
    @Option(names = "--quick",
            description = "a preset that finishes in about a minute (see the description above); options given"
                    + " explicitly keep their values")
    boolean quick;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** NAME.txt, NAME.json and NAME.html go here; by default to results/micro of this checkout. */
    @Mixin
    OutOption out = new OutOption(() -> Path.of(System.getProperty("gsf.home", ".")).resolve("results").resolve("micro"));

    /**
     * With --quick, sets every option of the preset (option name to value, of the option's type) that the command
     * line did not give; without it, does nothing. A command calls it first thing in {@code call()}.
     */
    public void applyQuickPreset(Map<String, ?> preset) {
        if (!quick) {
            return;
        }
        ParseResult given = command.commandLine().getParseResult();
        preset.forEach((option, value) -> {
            if (!given.hasMatchedOption(option)) {
                command.findOption(option).setValue(value);
            }
        });
    }

    public Path directory() {
        return out.directory();
    }
}
