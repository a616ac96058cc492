package dev.gsf.server.h2;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the metrics say of HTTP/2: connections open, and streams (requests) answered since start, beside HTTP/1.1's;
 * and streams open now (what tests check comes back to 0).
 *
 * <p>Threads: counted by the threads that read connections; read by any.
 */
public final class H2Counts {
    private final LongAdder connectionsOpen = new LongAdder();
    private final LongAdder connections = new LongAdder();
    private final LongAdder streams = new LongAdder();
    private final LongAdder streamsOpen = new LongAdder();

    void connectionOpened() {
        connectionsOpen.increment();
        connections.increment();
    }

    void connectionClosed() {
        connectionsOpen.decrement();
    }

    void streamOpened() {
        streams.increment();
    }

    /** A stream was admitted (it counts as open until it ends, is reset, or its connection closes). */
    void streamAdmitted() {
        streamsOpen.increment();
    }

    void streamGone() {
        streamsOpen.decrement();
    }

    /** HTTP/2 streams open now, over every connection: 0 once every connection has ended. */
    public long streamsOpen() {
        return streamsOpen.sum();
    }

    /** HTTP/2 connections open now. */
    public long connectionsOpen() {
        return connectionsOpen.sum();
    }

    /** HTTP/2 connections accepted since start. */
    public long connections() {
        return connections.sum();
    }

    /** HTTP/2 requests (streams) since start. */
    public long streams() {
        return streams.sum();
    }
}
