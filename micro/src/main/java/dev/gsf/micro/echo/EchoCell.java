package dev.gsf.micro.echo;

import dev.gsf.micro.common.ProgressWatchdog;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.common.Threads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one echo cell once: a server of one kind, N client threads of another, each moving the byte count.
 * All clients connect first and start together at a gate; the whole test is timed from the gate to the last
 * client's end. A watchdog turns a stall into DL and tears both sides down; nothing outlives the call.
 */
public record EchoCell(EchoKind serverKind, EchoKind clientKind, int threads, EchoSettings settings) {

    public EchoRun run() throws Exception {
        EchoActivity activity = new EchoActivity();
        EchoTally[] tallies = new EchoTally[threads];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch connected = new CountDownLatch(threads);
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        List<Thread> clients = new ArrayList<>();
        try (EchoServer server = serverKind.startServer(settings, activity)) {
            EchoClient client = clientKind.client();
            Thread.Builder builder = clientKind.clientThreads();
            for (int i = 0; i < threads; i++) {
                int slot = i;
                clients.add(builder.start(() -> {
                    try {
                        tallies[slot] = client.run(server.address(), settings, activity, connected, gate);
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    } finally {
                        done.countDown();
                    }
                }));
            }
            Duration limit = settings.limit();
            if (!connected.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                return failed("ERR", "clients did not connect: " + describe(failure.get()), activity, server,
                        clients);
            }
            long start = System.nanoTime();
            gate.countDown();
            try (ProgressWatchdog watchdog = new ProgressWatchdog("echo", settings.stall(), limit, activity::moved,
                    () -> activity.describe(threads) + "; " + buffersInForce(activity, server),
                    () -> {
                        activity.closeClients();
                        server.close();
                    })) {
                boolean finished = done.await(limit.plus(settings.stall()).toMillis() + 5000, TimeUnit.MILLISECONDS);
                long wholeNanos = System.nanoTime() - start;
                ProgressWatchdog.Verdict verdict = watchdog.verdict();
                if (verdict != null) {
                    return failed(verdict.code(), verdict.reason(), activity, server, clients);
                }
                if (!finished || failure.get() != null) {
                    return failed("ERR", describe(failure.get()), activity, server, clients);
                }
                return summarize(tallies, wholeNanos, server);
            }
        } finally {
            activity.closeClients();
            Threads.joinAll(clients, Duration.ofSeconds(5));
        }
    }

    private EchoRun summarize(EchoTally[] tallies, long wholeNanos, EchoServer server) {
        long sent = 0;
        long echoed = 0;
        double threadNanos = 0;
        boolean intact = true;
        for (EchoTally t : tallies) {
            sent += t.sent;
            echoed += t.received;
            threadNanos += t.nanos;
            intact &= t.intact();
        }
        double wholeMs = wholeNanos / 1e6;
        String status = intact && echoed == (long) threads * settings.bytesPerClient() ? "OK" : "ERR";
        return new EchoRun(status, status.equals("OK") ? "" : "echoed bytes differ from sent bytes", wholeMs,
                wholeMs / threads, threadNanos / threads / 1e6, sent, echoed, intact, tallies[0].buffers,
                server.acceptedBuffers());
    }

    private EchoRun failed(String status, String reason, EchoActivity activity, EchoServer server,
                           List<Thread> clients) {
        activity.closeClients();
        server.close();
        int alive = Threads.joinAll(clients, Duration.ofSeconds(5));
        String extra = alive > 0 ? " (" + alive + " client threads still alive after teardown)" : "";
        return new EchoRun(status, reason + extra, Double.NaN, Double.NaN, Double.NaN, 0, 0, false, null,
                server.acceptedBuffers());
    }

    private static String buffersInForce(EchoActivity activity, EchoServer server) {
        SocketBuffers.Actual c = activity.clientBuffers();
        SocketBuffers.Actual s = server.acceptedBuffers();
        return "client " + (c == null ? "?" : c.describe()) + ", server " + (s == null ? "?" : s.describe());
    }

    private static String describe(Throwable t) {
        return t == null ? "timed out" : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
