package dev.gsf.bench;

import dev.gsf.common.FileSet;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --root} and {@code --manifest} (a picocli mixin) of the benchmarks that verify every download: the directory
 * served and the md5sum list the downloads are checked against.
 */
final class FileSetOptions {
    @Mixin
    RootOption root;

    @Option(names = "--manifest", paramLabel = "FILE", description = "md5sum list of the files (default: MD5SUMS in the root)")
    Path manifest;

    /** See {@link RootOption#directory()}. */
    Path directory() throws IOException {
        return root.directory();
    }

    /** --manifest as given, else the MD5SUMS of the served directory {@code dir}. */
    Path manifestIn(Path dir) {
        return manifest != null ? manifest : dir.resolve(FileSet.MANIFEST);
    }
}
