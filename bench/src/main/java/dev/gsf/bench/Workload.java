package dev.gsf.bench;

/** One file downloaded over and over by a fixed number of keep-alive connections. */
public record Workload(String file, int connections) {
    public String label() {
        return file + " x" + connections;
    }
}
