package dev.gsf.algorithms;

/** How a download ended. Every admitted download ends in exactly one of these. */
public enum Outcome {
    /** Every byte of the range was handed to the kernel. */
    COMPLETED,
    /** The connection broke or was closed by the client before the last byte. */
    CLIENT_GONE,
    /** The client accepted no bytes for the configured write timeout; the server closed the connection. */
    WRITE_TIMEOUT,
    /**
     * The server failed (file read error, a bug) or stopped (the cause is then a CancellationException); the
     * connection was closed.
     */
    SERVER_ERROR
}
