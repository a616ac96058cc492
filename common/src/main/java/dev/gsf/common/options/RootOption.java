package dev.gsf.common.options;

import dev.gsf.common.FileSet;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --root} (a picocli mixin): the directory the servers under test serve. */
public final class RootOption {
    @Option(names = "--root", paramLabel = "DIR", description = "directory served (default: files/, generated if missing)")
    Path root;

    /** The directory, absolute: --root as given, else files/ with the file set (its extra files too) generated where missing. */
    public Path directory() throws IOException {
        if (root != null) {
            return root.toAbsolutePath();
        }
        Path dir = FileSet.defaultDirectory().toAbsolutePath();
        FileSet.ensure(dir, FileSet.ALL);
        return dir;
    }
}
