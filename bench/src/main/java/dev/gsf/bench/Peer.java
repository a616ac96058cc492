package dev.gsf.bench;

/** A running HTTP server that serves the file set on loopback: ours, Grizzly's static handler, nginx. */
public interface Peer extends AutoCloseable {
    /** How reports name it, e.g. "gsf SBA", "nginx". */
    String name();

    /** The port it serves plain HTTP on (HTTPS for a peer that serves HTTPS only). */
    int port();

    /** The base URL benchmarks drive, ending in '/': its HTTPS port when it has one, else plain HTTP. */
    default String url() {
        return "http://127.0.0.1:" + port() + "/";
    }

    /** The server's process (its children, such as nginx's workers, are its descendants). */
    ProcessHandle process();

    /** Stops it; waits a bounded time. */
    @Override
    void close();
}
