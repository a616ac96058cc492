package dev.gsf.micro.report;

import dev.gsf.common.options.OutOption;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
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
     * With --quick, sets every option of the preset (command-line arguments, an option and its one value at a time,
     * as the command's description prints them) that the command line did not give, each to the value the preset's
     * text parses to on a fresh instance of the command; without it, does nothing. A command calls it first thing in
     * {@code call()}.
     */
    public void applyQuickPreset(String preset) {
        if (!quick) {
            return;
        }
        ParseResult given = command.commandLine().getParseResult();
        ParseResult presetAlone = new CommandLine(freshCommand()).parseArgs(preset.trim().split("\\s+"));
        for (OptionSpec option : presetAlone.matchedOptions()) {
            if (!given.hasMatchedOption(option.longestName())) {
                command.findOption(option.longestName()).setValue(option.getValue());
            }
        }
    }

    private Object freshCommand() {
        try {
            return command.userObject().getClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("--quick: cannot make a fresh " + command.name() + " command", e);
        }
    }

    public Path directory() {
        return out.directory();
    }
}
