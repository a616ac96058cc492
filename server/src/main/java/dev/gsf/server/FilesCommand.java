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

/** {@code gsf files}: generates the benchmark file set and checks it against MD5SUMS. */
@Command(name = "files", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates the benchmark file set (1KB, 200KB, 500KB, 1MB, 20MB, 100MB; the same bytes on every"
                + " machine) where missing, then checks every file against the MD5SUMS manifest beside them."})
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
        List<Path> made = FileSet.ensure(dir, FileSet.DEFAULT);
        System.out.println("gsf files: " + dir + ": generated " + made.size() + ", already there "
                + (FileSet.DEFAULT.size() - made.size()));
        if (precompressed) {
            int written = 0;
            for (FileSet.Spec spec : FileSet.DEFAULT) {
                written += GzipSidecars.write(dir.resolve(spec.name())) ? 1 : 0;
            }
            System.out.println("gsf files: wrote " + written + " .gz sidecars, " + (FileSet.DEFAULT.size() - written)
                    + " up to date");
        }
        Path manifestFile = dir.resolve(FileSet.MANIFEST);
        List<String> names = FileSet.DEFAULT.stream().map(FileSet.Spec::name).toList();
        if (writeManifest) {
            Manifest.of(dir, names).write(manifestFile);
            System.out.println("gsf files: wrote " + manifestFile);
            return 0;
        }
        if (!Files.exists(manifestFile)) {
            System.err.println("gsf files: " + manifestFile + " is missing; --write-manifest creates it");
            return 1;
        }
        Manifest expected = Manifest.read(manifestFile);
        int bad = 0;
        for (Manifest.Entry entry : expected.entries()) {
            Path file = dir.resolve(entry.name());
            String actual = Files.exists(file) ? FileSet.md5(file) : "missing";
            boolean ok = actual.equals(entry.md5());
            bad += ok ? 0 : 1;
            System.out.printf("%-12s %s%n", entry.name(), ok ? "OK" : "FAILED (md5 " + actual + ")");
        }
        return bad == 0 ? 0 : 1;
    }
}
