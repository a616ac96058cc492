package dev.gsf.common.options;

import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;

/**
 * {@code --root} and {@code --manifest} (a picocli mixin) of the commands that serve the file set and verify every
 * download: the directory served and the md5sum list the downloads are checked against.
 */
public final class FileSetOptions {
    @Mixin
    RootOption root;

    @Mixin
    ManifestOption manifest;

    /** See {@link RootOption#directory()}. */
    public Path directory() throws IOException {
        return root.directory();
    }

    /** --manifest as given, else the MD5SUMS of the served directory {@code dir}. */
    public Path manifestIn(Path dir) {
        return manifest.in(dir);
    }
}
