package dev.gsf.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The benchmark file set, generated once per build into target/test-files (generation is deterministic, so every
 * test class may share it) and checked against the committed files/MD5SUMS.
 */
public final class TestFiles {
    private static Path directory;

    private TestFiles() {
    }

    /** The directory holding the default file set; generated on first use. */
    public static synchronized Path fileSet() {
        if (directory == null) {
            try {
                Path dir = Path.of("target", "test-files").toAbsolutePath();
                FileSet.ensure(dir, FileSet.DEFAULT);
                directory = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return directory;
    }

    /** The committed manifest of the default set (files/MD5SUMS at the repository root). */
    public static Manifest committedManifest() {
        try {
            return Manifest.read(committedManifestFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** files/MD5SUMS at the repository root, found from the working directory upwards. */
    public static Path committedManifestFile() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            Path candidate = p.resolve("files").resolve(FileSet.MANIFEST);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("files/MD5SUMS not found above " + here);
    }
}
