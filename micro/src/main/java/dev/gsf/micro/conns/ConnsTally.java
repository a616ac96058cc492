package dev.gsf.micro.conns;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the server side has checked, across all its threads: valid frames (the progress the watchdog watches),
 * corrupt ones, frames cut off at end of stream, and connections that reached end of stream. Thread-safe.
 */
public final class ConnsTally {
    final LongAdder valid = new LongAdder();
    final LongAdder corrupt = new LongAdder();
    final LongAdder cutOff = new LongAdder();
    final CountDownLatch accepted;
    final CountDownLatch ended;

    ConnsTally(int connections) {
        this.accepted = new CountDownLatch(connections);
        this.ended = new CountDownLatch(connections);
    }

    public long valid() {
        return valid.sum();
    }

    public long corrupt() {
        return corrupt.sum();
    }

    /** A connection reached end of stream: adds what its decoder found beyond the frames already counted. */
    void ended(FrameDecoder decoder) {
        corrupt.add(decoder.corrupt());
        if (decoder.pending() > 0) {
            cutOff.increment();
        }
        ended.countDown();
    }
}
