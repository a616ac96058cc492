package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * The open model: downloads arrive on a fixed schedule whatever the server does. An arrival takes a free connection,
 * or opens one up to the cap, or waits; its latency is measured from the scheduled time, so waiting caused by a slow
 * server shows in the percentiles instead of silently lowering the load (no coordinated omission).
 */
final class OpenModel implements LoadModel {
    private record Arrival(long intendedNanos, int file) {
    }

    private final long intervalNanos;
    private final long offsetNanos;
    private final int maxConnections;
    private final SplittableRandom random;
    private final ArrayDeque<Arrival> waiting = new ArrayDeque<>();
    private final ArrayDeque<Client> free = new ArrayDeque<>();
    private int connections;
    private long next;
    private EventLoop loop;

    /**
     * @param arrivalsPerSecond this loop's share of the arrival rate
     * @param offsetNanos       first arrival after the start, so that loops interleave their schedules
     * @param maxConnections    this loop's share of --clients
     */
    OpenModel(double arrivalsPerSecond, long offsetNanos, int maxConnections, long seed) {
        this.intervalNanos = Math.max(1, Math.round(1e9 / arrivalsPerSecond));
        this.offsetNanos = offsetNanos;
        this.maxConnections = Math.max(1, maxConnections);
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void start(EventLoop loop) {
        this.loop = loop;
        next = loop.recorder().phases().startNanos() + offsetNanos;
        loop.at(next, this::arrive);
    }

    private void arrive() {
        long now = System.nanoTime();
        long end = loop.recorder().phases().end();
        while (next <= now && next < end) {
            waiting.add(new Arrival(next, loop.config().workload().pick(random)));
            next += intervalNanos;
        }
        dispatch();
        if (next < end) {
            loop.at(next, this::arrive);
        }
    }

    private void dispatch() {
        while (!waiting.isEmpty()) {
            Client client = free.pollLast(); // the most recently used connection is the likeliest to be alive
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
    public void onFree(Client client, long nowNanos, ErrorKind failure) {
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
