package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.segment.Segment;
import dev.gsf.loadgen.segment.Stripe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * One thread, one selector, many clients: it runs their socket events and their timers (start, think, throttle
 * pauses, timeouts) until the run's end, then closes every connection it owns and hands over its figures. Nothing
 * here blocks except the select itself, which never waits past the next timer.
 */
public final class EventLoop implements Runnable {
    private static final int READ_BUFFER = 64 * 1024;

    private final DriverConfig config;
    private final Recorder recorder;
    private final LoadModel model;
    private final Selector selector;
    private final Timers timers = new Timers();
    private final List<User> clients = new ArrayList<>();
    /** The model's start has returned: clients made from now on joined a running load. */
    private boolean started;
    /** --http2: the session that the next new users share until it has --streams of them. */
    private H2Session filling;
    private int filled;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(READ_BUFFER);
    /** https: the scratch buffers of every TLS connection of this loop; null for plain http. */
    private final TlsBuffers tlsBuffers;
    /** The --source-address that this loop's next connection is bound to. */
    private int nextSource;
    private final CompletableFuture<RunMetrics> result = new CompletableFuture<>();
    /** Made once: a method reference per select would be an object per loop turn. */
    private final java.util.function.Consumer<SelectionKey> onReady = this::onReady;
    private volatile boolean stopRequested;

    EventLoop(DriverConfig config, Recorder recorder, LoadModel model, int index) {
        this.config = config;
        this.recorder = recorder;
        this.model = model;
        this.tlsBuffers = config.tls() == null ? null : new TlsBuffers(config.tls().sizes(), READ_BUFFER);
        this.nextSource = index; // loops start at different sources, so that few clients still spread over them
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
    }

    @Override
    public void run() {
        try {
            model.start(this);
            started = true;
            long sweepEvery = Math.max(50_000_000L, Math.min(1_000_000_000L, config.timeoutNanos() / 4));
            at(System.nanoTime() + sweepEvery, new Runnable() {
                @Override
                public void run() {
                    long now = System.nanoTime();
                    // By index: a timed-out client may make the model open a new one (open model).
                    for (int i = 0; i < clients.size(); i++) {
                        clients.get(i).checkTimeout(now);
                    }
                    at(now + sweepEvery, this);
                }
            });
            long end = recorder.phases().end();
            while (!stopRequested) {
                long now = System.nanoTime();
                if (now >= end) {
                    break;
                }
                timers.runDue(now);
                long until = Math.min(end, timers.next(end)) - System.nanoTime();
                if (until <= 0) {
                    selector.selectNow(onReady);
                } else {
                    selector.select(onReady, Math.max(1, (until + 999_999) / 1_000_000));
                }
            }
            shutdown();
            result.complete(recorder.metrics());
        } catch (Throwable t) {
            shutdown();
            result.completeExceptionally(t);
        }
    }

    private void onReady(SelectionKey key) {
        SocketOwner client = (SocketOwner) key.attachment();
        int ready = key.readyOps();
        if ((ready & SelectionKey.OP_CONNECT) != 0) {
            client.onConnectable(key);
            return;
        }
        if ((ready & SelectionKey.OP_WRITE) != 0) {
            client.onWritable(key);
        }
        if ((ready & SelectionKey.OP_READ) != 0 && key.isValid()) {
            client.onReadable(key);
        }
    }

    private void shutdown() {
        for (User c : clients) {
            c.shutdown();
        }
        model.finish();
        try {
            selector.close();
        } catch (IOException ignored) {
            // the run is over; nothing more will be read from it
        }
    }

    /** Runs a task on this loop at the given System.nanoTime(). Loop thread only. */
    void at(long deadlineNanos, Runnable task) {
        timers.at(deadlineNanos, task);
    }

    /**
     * A connection for a client of this loop, registered with the loop's selector; null when it cannot be opened,
     * which is told to {@code failed} (CONNECT). Loop thread only.
     */
    Connection connect(SocketOwner client, BiConsumer<ErrorKind, String> failed) {
        List<java.net.InetSocketAddress> sources = config.sources();
        java.net.InetSocketAddress source = null;
        if (!sources.isEmpty()) {
            source = sources.get(Math.floorMod(nextSource++, sources.size()));
        }
        try {
            return Connection.open(selector, client, config, source, tlsBuffers, recorder.live());
        } catch (IOException | RuntimeException e) {
            failed.accept(ErrorKind.CONNECT, Failures.cannotConnect(config, e));
            return null;
        }
    }

    /** A client finished a download: the model decides when it starts the next. Loop thread only. */
    void free(User client, long nowNanos, ErrorKind failure) {
        model.onFree(client, nowNanos, failure);
    }

    /**
     * A new client of this loop, not yet connected. Loop thread only. Over HTTP/2 the loop's users share sessions
     * in order, --streams to a connection: users 0..N-1 the first, N..2N-1 the next.
     */
    User newClient() {
        User c;
        if (config.http2() == null) {
            c = new Client(this);
        } else {
            if (filling == null || filled == config.http2().streams()) {
                filling = new H2Session(this);
                filled = 0;
            }
            filled++;
            c = new H2User(filling);
        }
        clients.add(c);
        return c;
    }

    /** The model is still making its first clients (they take part from the run's start). Loop thread only. */
    boolean startingUp() {
        return !started;
    }

    /** Asks the loop to stop early; any thread. */
    public void stop() {
        stopRequested = true;
        selector.wakeup();
    }

    /** Completes with this loop's figures once it has stopped and closed its connections. */
    public CompletableFuture<RunMetrics> result() {
        return result;
    }

    ByteBuffer readBuffer() {
        return readBuffer;
    }

    DriverConfig config() {
        return config;
    }

    Recorder recorder() {
        return recorder;
    }

    /**
     * Creates the loops of a run's segment: its clients (closed) or its arrivals and connections (open) shared out
     * evenly, each client and arrival keeping its global number (see {@link Segment}).
     *
     * @param clients     --clients of the whole run
     * @param arrivalRate --arrival-rate of the whole run, 0 for the closed model
     */
    public static List<EventLoop> create(int loops, DriverConfig config, Segment segment, int clients,
                                        double arrivalRate, java.util.function.Supplier<Recorder> recorders, long seed) {
        List<EventLoop> created = new ArrayList<>();
        int connections = segment.share(clients);
        for (int i = 0; i < loops; i++) {
            Stripe stripe = segment.stripe(i, loops);
            LoadModel model = arrivalRate > 0
                    ? new OpenModel(stripe, arrivalRate, (connections + loops - 1 - i) / loops, seed)
                    : new ClosedModel(stripe, clients, seed);
            created.add(new EventLoop(config, recorders.get(), model, i));
        }
        return created;
    }
}
