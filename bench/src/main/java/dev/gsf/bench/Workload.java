package dev.gsf.bench;

/** One file (or, when {@code file} is empty, the whole file set) downloaded over and over by keep-alive connections. */
public record Workload(String file, int connections) {
    public String label() {
        return (file.isEmpty() ? "mix" : file) + " x" + connections;
    }
}
