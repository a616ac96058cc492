package dev.gsf.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The benchmark file set (122 MB), generated once for the whole build into target/test-files of the repository root
 * and shared by the tests of every module (generation is deterministic and writes each file by an atomic rename, so
 * test JVMs of different modules may share it); checked against the committed files/MD5SUMS.
 */
public final class TestFiles {
    private static Path directory;

    private TestFiles() {
    }

    /** The directory holding the default file set; generated on first use. */
    public static synchronized Path fileSet() {
        if (directory == null) {
            try {
                Path repository = committedManifestFile().getParent().getParent();
                Path dir = repository.resolve("target").resolve("test-files");
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

    /** The committed MD5 of one file of the default set, e.g. {@code md5Of("1MB.bin")}. */
    public static String md5Of(String name) {
        return committedManifest().entries().stream().filter(e -> e.name().equals(name)).map(Manifest.Entry::md5)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("not in files/MD5SUMS: " + name));
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
