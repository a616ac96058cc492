package dev.gsf.bench;

import java.util.Optional;

/**
 * One file, or the whole file set, downloaded over and over by keep-alive connections.
 *
 * @param file the file's name below the served directory; empty for the whole file set (gsf load's mix of every file)
 */
public record Workload(Optional<String> file, int connections) {
    /** One file. */
    public static Workload of(String file, int connections) {
        return new Workload(Optional.of(file), connections);
    }

    /** Every file of the set, which only gsf load can download (wrk and the built-in client take one URL). */
    public static Workload wholeSet(int connections) {
        return new Workload(Optional.empty(), connections);
    }

    /** The URL path below the server's root: the file's name, or nothing for the whole set. */
    String path() {
        return file.orElse("");
    }

    public String label() {
        return file.orElse("mix") + " x" + connections;
    }
}
