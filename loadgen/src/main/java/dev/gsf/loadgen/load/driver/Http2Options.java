package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;

/**
 * gsf load --http2: how many streams share a connection and the windows the client opens. Immutable.
 *
 * @param streams concurrent streams per connection (--streams): simulated clients map onto streams, so a run has
 *                clients / streams connections (per event loop, rounded up)
 * @param window  every stream's receive window (SETTINGS_INITIAL_WINDOW_SIZE, --h2-window); the connection's window
 *                is raised to streams x window (at most 2^31-1), so no stream waits for another's credit
 */
public record Http2Options(int streams, int window) {
    /** Unthrottled streams' window unless told: 1 MiB, not RFC 9113's 64 KiB, which caps a stream at 64 KiB/RTT. */
    public static final int DEFAULT_WINDOW = 1 << 20;
    public static final int MAX_STREAMS = 1000;

    public Http2Options {
        if (streams < 1 || streams > MAX_STREAMS) {
            throw new IllegalArgumentException("--streams must be 1 to " + MAX_STREAMS + ", not " + streams);
        }
        if (window < 1) {
            throw new IllegalArgumentException("--h2-window must be 1 byte to 2^31-1, not " + window);
        }
    }

    /**
     * The options from --streams and --h2-window ({@code window} null unless given): throttled streams (a rate) get
     * a window of one bucket, so that the server cannot send far ahead of the throttle; unthrottled ones 1 MiB.
     */
    public static Http2Options of(int streams, Long window, long rate, long burst) {
        long w = window != null ? window : rate > 0 ? burst : DEFAULT_WINDOW;
        if (w > H2Codec.MAX_WINDOW) {
            throw new IllegalArgumentException("--h2-window must be at most 2^31-1 bytes (2GB), not " + w);
        }
        return new Http2Options(streams, (int) w);
    }

    /** The connection's window: streams x window, at least RFC 9113's 65,535, at most 2^31-1. */
    public int connectionWindow() {
        return (int) Math.max(H2Codec.DEFAULT_WINDOW, Math.min(H2Codec.MAX_WINDOW, (long) streams * window));
    }
}
