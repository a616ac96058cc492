package dev.gsf.common;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The benchmark's file set (as in the original grizzly-sendfile benchmark: 1 KB to 100 MB, equally mixed), generated
 * with the same bytes on every machine so that the committed MD5SUMS holds everywhere. K and M are powers of 1024.
 */
public final class FileSet {
    /** One file of the set. */
    public record Spec(String name, long size) {
    }

    public static final List<Spec> DEFAULT = List.of(
            new Spec("1KB.bin", 1L << 10),
            new Spec("200KB.bin", 200L << 10),
            new Spec("500KB.bin", 500L << 10),
            new Spec("1MB.bin", 1L << 20),
            new Spec("20MB.bin", 20L << 20),
            new Spec("100MB.bin", 100L << 20));

    /**
     * Files generated beside the set but left out of its manifest, so that the flat mix of every run without --mix
     * (and of every run recorded so far) stays the six files: 10MB.bin, for HTTP/2's one connection x 100 streams x
     * 10 MB (docs/benchmarks.md). Their MD5s are in {@link #EXTRA_MANIFEST}, a run's --manifest for them.
     */
    public static final List<Spec> EXTRA = List.of(new Spec("10MB.bin", 10L << 20));

    /** {@link #DEFAULT} and {@link #EXTRA}: what {@code gsf files} and {@code gsf serve} generate. */
    public static final List<Spec> ALL = Stream.concat(DEFAULT.stream(), EXTRA.stream()).toList();

    public static final String MANIFEST = "MD5SUMS";

    /** The manifest of {@link #EXTRA}, beside {@link #MANIFEST}. */
    public static final String EXTRA_MANIFEST = "MD5SUMS.extra";

    private FileSet() {
    }

    /** The default file directory: files/ of the checkout the launcher runs from, else of the working directory. */
    public static Path defaultDirectory() {
        String home = System.getProperty("gsf.home");
        return home == null ? Path.of("files") : Path.of(home, "files");
    }

    /**
     * Generates every file of the set that is missing or has the wrong size. Writes go to a temporary file that is
     * renamed into place, so a reader never sees a partial file.
     *
     * @return the files that were (re)generated
     */
    public static List<Path> ensure(Path directory, List<Spec> specs) throws IOException {
        Files.createDirectories(directory);
        List<Path> generated = new ArrayList<>();
        for (Spec spec : specs) {
            Path file = directory.resolve(spec.name());
            if (Files.isRegularFile(file) && Files.size(file) == spec.size()) {
                continue;
            }
            generate(file, spec.size(), seedOf(spec.name()));
            generated.add(file);
        }
        return generated;
    }

    /** Writes {@code size} pseudo-random bytes (splitmix64, seeded from the name), incompressible and repeatable. */
    static void generate(Path file, long size, long seed) throws IOException {
        Path partial = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".partial");
        try (OutputStream out = Files.newOutputStream(partial)) {
            ByteBuffer block = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            long state = seed;
            long left = size;
            while (left > 0) {
                block.clear();
                while (block.hasRemaining()) {
                    state += 0x9E3779B97F4A7C15L;
                    long z = state;
                    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                    block.putLong(z ^ (z >>> 31));
                }
                int n = (int) Math.min(left, block.capacity());
                out.write(block.array(), 0, n);
                left -= n;
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        if (Files.getFileStore(partial).supportsFileAttributeView("posix")) {
            // Temporary files are private (rw-------); other servers compared with ours (nginx's workers run as
            // another user) must be able to read the set like any published file.
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rw-r--r--"));
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static long seedOf(String name) {
        long h = 1125899906842597L;
        for (int i = 0; i < name.length(); i++) {
            h = 31 * h + name.charAt(i);
        }
        return h;
    }

    /** The MD5 of a file, as lowercase hex. */
    public static String md5(Path file) throws IOException {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (var in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                md5.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(md5.digest());
    }
}
