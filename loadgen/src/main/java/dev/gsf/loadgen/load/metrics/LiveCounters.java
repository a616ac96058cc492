package dev.gsf.loadgen.load.metrics;

import java.util.concurrent.atomic.LongAdder;

/** Running totals that the progress line and the interval series sample. Event loops add; any thread reads. */
public final class LiveCounters {
    public final LongAdder bytes = new LongAdder();
    public final LongAdder completed = new LongAdder();
    public final LongAdder errors = new LongAdder();
    /** Connections open right now. */
    public final LongAdder connections = new LongAdder();
    /** Downloads in progress right now. */
    public final LongAdder active = new LongAdder();
    /** https: TLS handshakes completed. */
    public final LongAdder handshakes = new LongAdder();
}
