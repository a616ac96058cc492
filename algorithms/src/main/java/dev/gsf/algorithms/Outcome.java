package dev.gsf.algorithms;

/** How a download ended. Every admitted download ends in exactly one of these. */
public enum Outcome {
    /** Every byte of the range was handed to the kernel. */
    COMPLETED,
    /** The connection broke or was closed by the client before the last byte. */
    CLIENT_GONE,
    /**
     * One chunk was not taken whole within the configured write timeout (a client that reads, but too slowly, ends
     * here too); the server closed the connection.
     */
    WRITE_TIMEOUT,
    /**
     * The server failed (file read error, a bug) or stopped (the cause is then a CancellationException); the
     * connection was closed.
     */
    SERVER_ERROR
}
