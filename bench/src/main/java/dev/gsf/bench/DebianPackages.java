package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds a peer program, installing its Debian package when it is missing and we run as root. Never fails: a program
 * that cannot be had is reported with the reason, and the benchmark skips it and says so.
 */
final class DebianPackages {
    private static boolean updated;

    private DebianPackages() {
    }

    /** Where the program is, or why not. */
    record Lookup(Optional<Path> program, String note) {
    }

    /** The program when installed; else, when {@code install}, its package installed; else skipped, saying why. */
    static synchronized Lookup ensure(String program, String debianPackage, boolean install) {
        Optional<Path> found = onPath(program);
        if (found.isPresent()) {
            return new Lookup(found, program + ": " + found.get());
        }
        if (!install) {
            return new Lookup(Optional.empty(), program + ": not installed and --no-install; skipped (apt-get install "
                    + debianPackage + ")");
        }
        if (!isRoot()) {
            return new Lookup(Optional.empty(), program + ": not installed and not root; skipped (apt-get install "
                    + debianPackage + ")");
        }
        try {
            if (!updated) {
                run(List.of("apt-get", "update", "-qq"));
                updated = true;
            }
            run(List.of("apt-get", "install", "-y", "-qq", debianPackage));
        } catch (IOException e) {
            return new Lookup(Optional.empty(), program + ": installing " + debianPackage + " failed (" + e.getMessage()
                    + "); skipped");
        }
        found = onPath(program);
        return new Lookup(found, found.isPresent() ? program + ": installed " + debianPackage
                : program + ": " + debianPackage + " installed no " + program + "; skipped");
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/bin:/sbin";
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " exited " + (p.isAlive() ? "late" : p.exitValue()));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
