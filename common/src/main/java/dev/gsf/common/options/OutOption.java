package dev.gsf.common.options;

import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** {@code --out} (a picocli mixin): the directory a command writes its reports and logs to; the command chooses the default. */
public final class OutOption implements MixinDefaults.Source {
    private final Supplier<Path> defaultDirectory;

    @Option(names = "--out", paramLabel = "DIR", description = "directory for the reports and logs (default: ${DEFAULT-VALUE})")
    Path out;

    /** {@code defaultDirectory} is asked when the command line is parsed (a default may name the time of the run). */
    public OutOption(Supplier<Path> defaultDirectory) {
        this.defaultDirectory = defaultDirectory;
    }

    public Path directory() {
        return out != null ? out : defaultDirectory.get();
    }

    @Override
    public String defaultValue(String option) {
        return defaultDirectory.get().toString();
    }
}
