package dev.gsf.micro.report;

import dev.gsf.common.options.MixinDefaults;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What every micro-test command does around its measurement: apply {@code --quick} to the options the command
 * line did not give, measure, print the text and write the three files, and exit 0 when every run counted as OK,
 * 1 otherwise. Called by picocli on the main thread. Its {@code @Command} attributes hold for every subclass, which
 * gives only its name and description (this class adds the line that states the preset); the shared options'
 * defaults are the ones each command's mixins were made with.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = MixinDefaults.class,
        modelTransformer = MicroCommand.QuickPresetLine.class)
public abstract class MicroCommand implements Callable<Integer> {
    /** Ends a micro command's description with what --quick sets; picocli calls it once it has built the spec. */
    static final class QuickPresetLine implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            if (spec.userObject() instanceof MicroCommand command) {
                String[] description = spec.usageMessage().description();
                String[] withPreset = Arrays.copyOf(description, description.length + 1);
                withPreset[description.length] = "--quick sets " + command.quickPreset + ".";
                spec.usageMessage().description(withPreset);
            }
            return spec;
        }
    }

    /** A measurement's report, and whether all its runs count as OK. */
    public record Outcome(Report report, boolean ok) {
    }

    @Mixin
    MicroOptions options;

    private final String quickPreset;

    /**
     * {@code quickPreset}: what --quick sets, as command-line arguments ("--runs 2 --bytes 4M"), unless the command
     * line gives the option.
     */
    protected MicroCommand(String quickPreset) {
        this.quickPreset = quickPreset;
    }

    /** What --quick sets, as command-line arguments. */
    public final String quickPreset() {
        return quickPreset;
    }

    @Override
    public final Integer call() throws Exception {
        options.applyQuickPreset(quickPreset);
        Outcome outcome = measure();
        System.out.print(outcome.report().text());
        outcome.report().write(options.directory(), System.out);
        return outcome.ok() ? 0 : 1;
    }

    /** Runs the micro-test with the options as they stand; progress goes to stderr. */
    protected abstract Outcome measure() throws Exception;
}
