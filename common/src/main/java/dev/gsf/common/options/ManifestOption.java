package dev.gsf.common.options;

import dev.gsf.common.FileSet;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --manifest} (a picocli mixin): the md5sum-format list of the files, which every download is checked against. */
public final class ManifestOption {
    @Option(names = "--manifest", paramLabel = "FILE",
            description = "md5sum-format list of the files (default: MD5SUMS in the files' directory: --root where"
                    + " the command has it, else files/)")
    Path manifest;

    /** --manifest as given, else the MD5SUMS of {@code directory}, the files' directory. */
    public Path in(Path directory) {
        return manifest != null ? manifest : directory.resolve(FileSet.MANIFEST);
    }
}
