package dev.gsf.loadgen.load.driver;

/**
 * One simulated user as the load models see it: it downloads one file at a time, reports the outcome to its event
 * loop ({@link EventLoop#free}), and is swept for timeouts and cut at the run's end. Over HTTP/1.1 it is a
 * {@link Client} on its own connection; over HTTP/2 an {@link H2User}, one stream at a time of a shared
 * {@link H2Session}. Every method runs on the owning loop's thread and never blocks.
 */
interface User {
    /** Starts downloading a file; the download's clock starts at {@code startNanos} (the intended start). */
    void begin(int fileIndex, long startNanos);

    /** Fails the download in flight when it has made no progress for the timeout. */
    void checkTimeout(long now);

    /** The run is over: a download still in flight counts as cut, not as an error; connections close. */
    void shutdown();
}
