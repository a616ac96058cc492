package dev.gsf.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * How many connections wait in a listening port's accept queue: the kernel completed their TCP handshakes, the server
 * has not accepted them yet. A many-clients run offers hundreds of connections a second, and a server whose accepting
 * thread falls behind holds them there, so their TLS handshakes start late
 * (docs/results/2026-11-28-tls-handshakes-cpu-starved.md). Read from {@code /proc/net/tcp} and {@code tcp6}, where
 * a listening socket's {@code rx_queue} is its accept queue; the kernel lists listening sockets before the others, so
 * a read stops at the first line that is not one (a few lines, not the 20,000 of a many-clients run). Once a table
 * lists the port, {@link #watch} reads only the tables that do: to fill a read's first buffer the kernel walks its
 * connections until it finds some of the table's family, so a table with none (IPv4 while every socket of a
 * many-clients run against our dual-stack server is IPv6) was walked whole ten times a second, 13% of the load
 * generator's CPU in our server's run against 1.6% in nginx's, where both tables have some (perf record of the load
 * generator at 10,000 TLS clients: {@code established_get_first} under {@code seq_read};
 * docs/results/2026-11-28-tls-10000-clients-warm-up-at-scale.md). It keeps the largest value seen, sampled every
 * {@link #EVERY_MILLIS} ms, -1 where /proc did not tell (not Linux).
 *
 * <p>Sampled on its own daemon thread; {@link #close()} stops it and the largest value stays readable.
 */
final class AcceptQueue implements AutoCloseable {
    /** How often {@link #watch} samples: a queue can fill and drain within a second. */
    static final long EVERY_MILLIS = 100;
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    /** A socket's state in those tables: 0A is LISTEN. */
    private static final String LISTEN = "0A";

    private final AtomicLong max = new AtomicLong(-1);
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("accept-queue").factory());
    /** The tables read: all until one lists the port, then those that did. */
    private volatile List<Path> tables = TABLES;

    private AcceptQueue(int port) {
        sampler.scheduleAtFixedRate(() -> sample(port), 0, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void sample(int port) {
        List<Path> read = tables;
        long[] queued = read.stream().mapToLong(table -> depth(port, table)).toArray();
        List<Path> listing = IntStream.range(0, queued.length).filter(i -> queued[i] >= 0).mapToObj(read::get).toList();
        if (!listing.isEmpty()) {
            tables = listing;
        }
        max.accumulateAndGet(sum(queued), Math::max);
    }

    /** The tables the sampler reads: /proc/net/tcp and tcp6 until one lists the port, then those that did. */
    List<Path> tables() {
        return tables;
    }

    /** Starts sampling the accept queue of the socket listening on {@code port}. */
    static AcceptQueue watch(int port) {
        return new AcceptQueue(port);
    }

    /** The largest accept queue seen so far, -1 when none was read. */
    long max() {
        return max.get();
    }

    /**
     * Connections waiting in the accept queues of the sockets listening on {@code port} in {@code tables} (files in
     * /proc/net/tcp's form), summed over them; -1 when no table could be read or none lists such a socket.
     */
    static long depth(int port, List<Path> tables) {
        return sum(tables.stream().mapToLong(table -> depth(port, table)).toArray());
    }

    /** The sum of the tables' depths that were read (0 and up), -1 when none was. */
    private static long sum(long[] depths) {
        return Arrays.stream(depths).filter(d -> d >= 0).reduce(Long::sum).orElse(-1);
    }

    private static long depth(int port, Path table) {
        String local = String.format(Locale.ROOT, ":%04X", port);
        long total = -1;
        try (BufferedReader lines = Files.newBufferedReader(table)) {
            lines.readLine(); // the header
            for (String line; (line = lines.readLine()) != null; ) {
                // sl local_address rem_address st tx_queue:rx_queue ...
                String[] f = line.trim().split("\\s+", 6);
                if (f.length < 5 || !f[3].equals(LISTEN)) {
                    break; // listening sockets come first
                }
                if (f[1].endsWith(local)) {
                    total = Math.max(total, 0) + Long.parseLong(f[4].substring(f[4].indexOf(':') + 1), 16);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux, or a line not in the form this reads
        }
        return total;
    }

    @Override
    public void close() {
        sampler.shutdownNow();
    }
}
