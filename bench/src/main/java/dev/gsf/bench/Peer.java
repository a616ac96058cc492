package dev.gsf.bench;

/** A running HTTP server that serves the file set on loopback: ours, Grizzly's static handler, nginx. */
public interface Peer extends AutoCloseable {
    /** How reports name it, e.g. "gsf SBA", "nginx". */
    String name();

    int port();

    /** The server's process (its children, such as nginx's workers, are its descendants). */
    ProcessHandle process();

    /** Stops it; waits a bounded time. */
    @Override
    void close();
}
