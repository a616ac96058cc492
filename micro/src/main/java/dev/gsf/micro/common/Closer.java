package dev.gsf.micro.common;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Channels, selectors and groups to close at teardown; thread-safe, closing never blocks for long. */
public final class Closer implements AutoCloseable {
    private final Queue<AutoCloseable> open = new ConcurrentLinkedQueue<>();

    public <T extends AutoCloseable> T track(T c) {
        open.add(c);
        return c;
    }

    /** Closes everything tracked so far, newest last; may be called again for what was tracked since. */
    @Override
    public void close() {
        AutoCloseable c;
        while ((c = open.poll()) != null) {
            Loopback.closeQuietly(c);
        }
    }
}
