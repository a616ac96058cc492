package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;

/**
 * Decides when downloads start: the closed model (each client downloads, thinks, downloads again) or the open model
 * (downloads start on a schedule, whoever is free takes them). One instance per event loop; every method is called
 * by that loop's thread and must not block.
 */
interface LoadModel {

    /** Called once when the loop starts: schedule the first downloads. */
    void start(EventLoop loop);

    /**
     * A client finished a download and may take another.
     *
     * @param failure null on success, else what went wrong
     */
    void onFree(User client, long nowNanos, ErrorKind failure);

    /** Called once when the loop stops: account for work that never started. */
    void finish();

    /** Pause after a failure before the same client tries again, so a dead server is not hammered. */
    static long backoffNanos(ErrorKind failure) {
        return switch (failure) {
            case CONNECT, RESET, TIMEOUT, CERTIFICATE, HANDSHAKE, GOAWAY -> 100_000_000L;
            default -> 0;
        };
    }
}
