package dev.gsf.server.testing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition on server state, polling briefly, up to a bounded timeout. */
public final class Await {
    /** How long a test waits on the server or a client for an event that comes at once when all is well. */
    public static final Duration WAIT = Duration.ofSeconds(20);

    private Await() {
    }

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        until(what, timeout, condition, () -> "");
    }

    /** Fails with {@code what} and the current {@code state} when the condition does not hold in time. */
    public static void until(String what, Duration timeout, BooleanSupplier condition, Supplier<Object> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what
                        + "; state: " + state.get());
            }
            LockSupport.parkNanos(5_000_000);
        }
    }
}
