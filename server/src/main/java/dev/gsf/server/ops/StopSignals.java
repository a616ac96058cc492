package dev.gsf.server.ops;

import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT for {@code gsf serve}: the first asks for a drain, any later one for a cut at once. They replace
 * the JVM's default (run shutdown hooks, exit 143), so the server stops on the main thread while logging still works
 * (java.util.logging resets itself in a shutdown hook of its own, which ate the last lines) and exits 0.
 *
 * <p>The JVM runs the handler on a signal-dispatch thread of its own; it only opens latches and never blocks.
 */
public final class StopSignals {
    /** Opens on the first signal. */
    public final CountDownLatch stop = new CountDownLatch(1);
    /** Opens on the second. */
    public final CountDownLatch cutNow = new CountDownLatch(1);

    private StopSignals() {
    }

    public static StopSignals install() {
        StopSignals signals = new StopSignals();
        for (String name : new String[] {"TERM", "INT"}) {
            Signal.handle(new Signal(name), signal -> {
                if (signals.stop.getCount() > 0) {
                    signals.stop.countDown();
                } else {
                    signals.cutNow.countDown();
                }
            });
        }
        return signals;
    }
}
