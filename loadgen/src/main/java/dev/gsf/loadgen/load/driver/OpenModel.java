package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.FileChoices;
import dev.gsf.loadgen.segment.Stripe;
import java.util.ArrayDeque;

/**
 * The open model: downloads arrive on a fixed schedule whatever the server does. An arrival takes a free connection,
 * or opens one up to the cap, or waits; its latency is measured from the scheduled time, so waiting caused by a slow
 * server shows in the percentiles instead of silently lowering the load (no coordinated omission).
 */
final class OpenModel implements LoadModel {
    private record Arrival(long intendedNanos, int file) {
    }

    private final Stripe arrivals;
    private final double arrivalsPerSecond;
    private final int maxConnections;
    private final long seed;
    private final ArrayDeque<Arrival> waiting = new ArrayDeque<>();
    private final ArrayDeque<User> free = new ArrayDeque<>();
    private int connections;
    /** How many of this loop's arrivals were scheduled so far. */
    private long scheduled;
    private long next;
    private EventLoop loop;

    /**
     * @param arrivals          the global numbers of this loop's arrivals: arrival n is due n / rate after the start
     * @param arrivalsPerSecond the whole run's arrival rate, every segment and loop
     * @param maxConnections    this loop's share of --clients
     */
    OpenModel(Stripe arrivals, double arrivalsPerSecond, int maxConnections, long seed) {
        this.arrivals = arrivals;
        this.arrivalsPerSecond = arrivalsPerSecond;
        this.maxConnections = Math.max(1, maxConnections);
        this.seed = seed;
    }

    @Override
    public void start(EventLoop loop) {
        this.loop = loop;
        next = due(0);
        loop.at(next, this::arrive);
    }

    /** When this loop's k-th arrival is due: computed from its global number, not summed, so no rounding drifts. */
    private long due(long k) {
        return loop.recorder().phases().startNanos() + Math.round(arrivals.at(k) * 1e9 / arrivalsPerSecond);
    }

    private void arrive() {
        long now = System.nanoTime();
        long end = loop.recorder().phases().end();
        while (next <= now && next < end) {
            int file = loop.config().workload().pick(FileChoices.arrival(seed, arrivals.at(scheduled)));
            waiting.add(new Arrival(next, file));
            next = due(++scheduled);
        }
        dispatch();
        if (next < end) {
            loop.at(next, this::arrive);
        }
    }

    private void dispatch() {
        while (!waiting.isEmpty()) {
            User client = free.pollLast(); // the most recently used connection is the likeliest to be alive
            if (client == null) {
                if (connections >= maxConnections) {
                    return; // the arrival waits; its clock is already running
                }
                connections++;
                client = loop.newClient();
            }
            Arrival a = waiting.poll();
            client.begin(a.file(), a.intendedNanos());
        }
    }

    @Override
    public void onFree(User client, long nowNanos, ErrorKind failure) {
        if (failure == null) {
            free.add(client);
            dispatch();
        } else {
            loop.at(nowNanos + LoadModel.backoffNanos(failure), () -> {
                free.add(client);
                dispatch();
            });
        }
    }

    @Override
    public void finish() {
        loop.recorder().notStarted(waiting.size());
    }
}
