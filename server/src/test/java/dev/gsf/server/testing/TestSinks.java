package dev.gsf.server.testing;

import dev.gsf.server.results.DownloadResult;
import dev.gsf.server.results.DownloadResultSink;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Misbehaving result sinks, found by {@link java.util.ServiceLoader} through META-INF/services files under
 * test resources {@code sinks/NAME/}: only a server started by {@link #withSinks} sees them, so the other server
 * tests run without. One test at a time uses them (their counters are static, as a ServiceLoader sink's must be for
 * a test to see it).
 */
public final class TestSinks {
    public static final AtomicInteger thrown = new AtomicInteger();
    public static volatile CountDownLatch blocked = new CountDownLatch(1);
    public static volatile CountDownLatch released = new CountDownLatch(1);

    private TestSinks() {
    }

    public static void reset() {
        thrown.set(0);
        blocked = new CountDownLatch(1);
        released = new CountDownLatch(1);
    }

    /** Throws from every call. */
    public static final class Throwing implements DownloadResultSink {
        @Override
        public void accept(DownloadResult result) {
            thrown.incrementAndGet();
            throw new IllegalStateException("a sink that always fails");
        }

        @Override
        public void flush() {
            throw new IllegalStateException("a sink that always fails, also to flush");
        }
    }

    /** Blocks in its first call until the results thread is interrupted (the server stops). */
    public static final class Blocking implements DownloadResultSink {
        @Override
        public void accept(DownloadResult result) throws InterruptedException {
            blocked.countDown();
            try {
                new CountDownLatch(1).await();
            } finally {
                released.countDown();
            }
        }
    }

    /** Runs {@code start} with a context class loader that also sees the sinks named under sinks/{@code set}/. */
    public static <T> T withSinks(String set, Callable<T> start) throws Exception {
        URL dir = TestSinks.class.getResource("/sinks/" + set + "/");
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir}, TestSinks.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            return start.call();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
