package dev.gsf.common.options;

import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults of the shared options, as the command that mixes them in chose them: a command names this class as
 * its {@code defaultValueProvider}, and each option of a {@link Source} mixin takes the default that mixin was made
 * with. The default is text in the option's own grammar ("5s", not PT5S), so the help shows it as a user would type
 * it ({@code ${DEFAULT-VALUE}}) and picocli reads it like a given value.
 */
public final class MixinDefaults implements IDefaultValueProvider {

    /**
     * A mixin whose options' defaults are chosen by the command that mixes it in. Called by picocli on the
     * command's thread, when it parses the command line or prints the help.
     */
    public interface Source {
        /** The default of {@code option} (its longest name) as text, or null for none. */
        String defaultValue(String option);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (arg instanceof OptionSpec option) {
            return defaultIn(arg.command(), option);
        }
        return null;
    }

    private static String defaultIn(CommandSpec command, OptionSpec option) {
        for (CommandSpec mixin : command.mixins().values()) {
            if (mixin.userObject() instanceof Source source && mixin.options().contains(option)) {
                return source.defaultValue(option.longestName());
            }
            String nested = defaultIn(mixin, option);
            if (nested != null) {
                return nested;
            }
        }
        return null;
    }
}
