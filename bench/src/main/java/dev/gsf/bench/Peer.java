package dev.gsf.bench;

/** A running HTTP server that serves the file set on loopback: ours, Grizzly's static handler, nginx. */
public interface Peer extends AutoCloseable {
    /** How reports name it, e.g. "gsf SBA", "nginx". */
    String name();

    int port();

    /** Stops it; waits a bounded time. */
    @Override
    void close();
}
