package dev.gsf.server;

import dev.gsf.common.FileSet;
import dev.gsf.common.Manifest;
import dev.gsf.server.files.GzipSidecars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf files}: generates the benchmark file set and its extras, and checks them against their manifests. */
@Command(name = "files", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates the benchmark file set (1KB, 200KB, 500KB, 1MB, 20MB, 100MB; the same bytes on every"
                + " machine) and its extra files (10MB, outside the default mix) where missing, then checks every file"
                + " against the MD5SUMS and MD5SUMS.extra manifests beside them."})
public final class FilesCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", description = "where the files go (default: files/ of this checkout)")
    Path directory;

    @Option(names = "--write-manifest", description = "rewrite MD5SUMS from the files instead of checking them")
    boolean writeManifest;

    @Option(names = "--precompressed", description = "also write NAME.gz beside every file (the JDK's gzip) where"
            + " missing or older than the file, for serve's precompressed=gzip; brotli sidecars are not made")
    boolean precompressed;

    @Override
    public Integer call() throws Exception {
        Path dir = directory != null ? directory : FileSet.defaultDirectory();
        List<Path> made = FileSet.ensure(dir, FileSet.ALL);
        System.out.println("gsf files: " + dir + ": generated " + made.size() + ", already there "
                + (FileSet.ALL.size() - made.size()));
        if (precompressed) {
            int written = 0;
            for (FileSet.Spec spec : FileSet.DEFAULT) {
                written += GzipSidecars.write(dir.resolve(spec.name())) ? 1 : 0;
            }
            System.out.println("gsf files: wrote " + written + " .gz sidecars, " + (FileSet.DEFAULT.size() - written)
                    + " up to date");
        }
        int bad = manifest(dir, FileSet.MANIFEST, FileSet.DEFAULT);
        bad += manifest(dir, FileSet.EXTRA_MANIFEST, FileSet.EXTRA);
        return bad == 0 ? 0 : 1;
    }

    /** Writes (--write-manifest) or checks one manifest of {@code specs}; the files that failed, 1 if it is missing. */
    private int manifest(Path dir, String name, List<FileSet.Spec> specs) throws Exception {
        Path manifestFile = dir.resolve(name);
        if (writeManifest) {
            Manifest.of(dir, specs.stream().map(FileSet.Spec::name).toList()).write(manifestFile);
            System.out.println("gsf files: wrote " + manifestFile);
            return 0;
        }
        if (!Files.exists(manifestFile)) {
            System.err.println("gsf files: " + manifestFile + " is missing; --write-manifest creates it");
            return 1;
        }
        int bad = 0;
        for (Manifest.Entry entry : Manifest.read(manifestFile).entries()) {
            Path file = dir.resolve(entry.name());
            String actual = Files.exists(file) ? FileSet.md5(file) : "missing";
            boolean ok = actual.equals(entry.md5());
            bad += ok ? 0 : 1;
            System.out.printf("%-12s %s%n", entry.name(), ok ? "OK" : "FAILED (md5 " + actual + ")");
        }
        return bad;
    }
}
