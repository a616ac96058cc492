package dev.gsf.server.h2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * How far one batch fills with the peer's 16 KiB frames: one stream alone fills it up to h2-in-flight, several share
 * it round-robin. With at most 2n+1 turns a batch, one stream's batch held 3 frames and a 64 KiB write (ADA's and
 * ENBA's chunk) took two batches, which over TLS ended in a 27-byte and a 9-byte record
 * (docs/results/2026-11-28-h2-one-stream-frames.md). A unit test of the scheduler and a batch built in memory: what
 * the batches put on a real socket is H2DataFramesTest's and H2BufferBoundTest's.
 */
class H2SchedulerTest {
    private static final int FRAME = 16_384;
    private static final int IN_FLIGHT = 256 << 10;

    @Test
    void oneStreamFillsItsBatchWithAWholeWrite() {
        H2Scheduler schedule = scheduler();
        H2Stream stream = waiting(schedule, 1, 64 << 10);
        H2Batch batch = new H2Batch(null, false, new FrameSlabs(FRAME), null);
        schedule.streamsInto(batch, false);
        assertThat(batch.dataBytes).as("DATA in one batch").isEqualTo(64 << 10);
        assertThat(stream.pending).as("the write is all in the batch").isNull();
    }

    @Test
    void aLongWriteStopsAtTheBoundAndSharesItRoundRobin() {
        H2Scheduler schedule = scheduler();
        H2Stream first = waiting(schedule, 1, 1 << 20);
        H2Stream second = waiting(schedule, 3, 1 << 20);
        H2Batch batch = new H2Batch(null, false, new FrameSlabs(FRAME), null);
        schedule.streamsInto(batch, false);
        assertThat(batch.dataBytes).as("DATA in one batch").isEqualTo(IN_FLIGHT);
        assertThat(first.pending.remaining()).as("first stream's bytes left").isEqualTo((1 << 20) - IN_FLIGHT / 2);
        assertThat(second.pending.remaining()).as("second stream's bytes left").isEqualTo((1 << 20) - IN_FLIGHT / 2);
    }

    private static H2Scheduler scheduler() {
        H2Scheduler schedule = new H2Scheduler(64 << 10, IN_FLIGHT);
        assertThat(schedule.openWindow(1L << 30)).isTrue(); // the connection's window, as h2load opens it
        return schedule;
    }

    /** Stream {@code id} with a write of {@code bytes} held in memory waiting, its window wide open. */
    private static H2Stream waiting(H2Scheduler schedule, int id, int bytes) {
        H2Stream stream = new H2Stream(id, 1L << 30, null);
        stream.pending = H2Stream.Source.of(ByteBuffer.allocate(bytes));
        schedule.enqueue(stream);
        return stream;
    }
}
