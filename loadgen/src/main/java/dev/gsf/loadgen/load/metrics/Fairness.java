package dev.gsf.loadgen.load.metrics;

/**
 * Jain's fairness index over the clients that ran the whole steady state: J = (sum x)^2 / (n * sum x^2), x being
 * what one client received in the steady state (its body bytes: under --http2 one client is one stream, and x its
 * DATA payload; over HTTP/1.1 the bytes it read from its connection, response heads included). J is 1 when every
 * client got the same, 1/n when one got everything; it does not depend on the unit, so bytes stand for throughputs
 * (every client's x is over the same steady seconds). Kept as sums, so that loops and agents merge by adding.
 *
 * <p>Threads: one per event loop, written by its thread; merged after the loops stopped.
 */
public final class Fairness {
    private long clients;
    private long sumBytes;
    private double sumSquares;
    private long minBytes = -1;
    private long maxBytes = -1;

    /** One client's steady-state bytes. */
    public void add(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative bytes: " + bytes);
        }
        add(1, bytes, (double) bytes * bytes, bytes, bytes);
    }

    /** Adds another loop's (or agent's) clients. */
    public void add(Fairness other) {
        add(other.clients, other.sumBytes, other.sumSquares, other.minBytes, other.maxBytes);
    }

    /** Adds clients given by their sums, as a summary.json carries them ({@code min} and {@code max} -1 for none). */
    public void add(long n, long sum, double squares, long min, long max) {
        if (n <= 0) {
            return;
        }
        clients += n;
        sumBytes += sum;
        sumSquares += squares;
        minBytes = minBytes < 0 ? min : Math.min(minBytes, min);
        maxBytes = Math.max(maxBytes, max);
    }

    /** Jain's index in [1/n, 1]; NaN when no client counted or none received a byte. */
    public double jain() {
        if (clients == 0 || sumSquares == 0) {
            return Double.NaN;
        }
        double sum = sumBytes;
        return Math.min(1.0, sum * sum / (clients * sumSquares));
    }

    /** Clients that ran the whole steady state. */
    public long clients() {
        return clients;
    }

    public long sumBytes() {
        return sumBytes;
    }

    public double sumSquares() {
        return sumSquares;
    }

    /** The least bytes one client received in the steady state, -1 when no client counted. */
    public long minBytes() {
        return minBytes;
    }

    /** The most bytes one client received in the steady state, -1 when no client counted. */
    public long maxBytes() {
        return maxBytes;
    }
}
