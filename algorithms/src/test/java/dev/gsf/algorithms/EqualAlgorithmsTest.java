package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What tells EBA from ENBA: with one worker and two downloads whose writes the client does not take, EBA's worker
 * waits inside its chunk write (the second download waits for it), while ENBA's worker is free as soon as it started
 * the write, so both downloads have a write in flight and no worker is busy. ENBA written as EBA fails the first test,
 * EBA written as ENBA the second.
 */
class EqualAlgorithmsTest {
    private final ThreadPoolExecutor oneWorker = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
    private SendAlgorithm algorithm;

    @AfterEach
    void stop() {
        algorithm.close();
        oneWorker.shutdownNow();
    }

    private TestSink[] startTwo(Algorithm kind) throws IOException {
        algorithm = SendAlgorithm.create(kind, new SendSettings(SchedulerTest.CHUNK, false, 0,
                Duration.ofSeconds(30), 10, 0), oneWorker);
        TestSink[] sinks = {new TestSink(false), new TestSink(false)};
        for (TestSink sink : sinks) {
            SchedulerTest.start(algorithm, sink);
        }
        return sinks;
    }

    /**
     * A download whose next turn would be taken at once (no other turn waits) keeps its worker from chunk to chunk;
     * downloads queued together still alternate chunk by chunk. (A write-per-task EBA or ENBA fails the first part,
     * one that kept its worker regardless the second.)
     */
    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"EBA", "ENBA"})
    void aLoneDownloadKeepsItsWorkerFromChunkToChunk_downloadsQueuedTogetherStillTakeTurns(Algorithm kind)
            throws Exception {
        algorithm = SendAlgorithm.create(kind, new SendSettings(SchedulerTest.CHUNK, false, 0,
                Duration.ofSeconds(30), 10, 0), oneWorker);
        TestSink alone = new TestSink(true);
        SchedulerTest.start(algorithm, alone); // three chunks
        awaitEnded(alone); // the pool can look idle a moment before the download's end reaches its sink
        awaitIdle();
        assertThat(alone.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(alone.writers).hasSize(3);
        assertThat(oneWorker.getCompletedTaskCount()).as("pool tasks for three chunks").isOne();

        CountDownLatch release = new CountDownLatch(1);
        oneWorker.execute(() -> {
            try {
                release.await(30, TimeUnit.SECONDS); // holds the only worker while both downloads queue
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<TestSink> order = new CopyOnWriteArrayList<>();
        TestSink a = new TestSink(true, order);
        TestSink b = new TestSink(true, order);
        SchedulerTest.start(algorithm, a);
        SchedulerTest.start(algorithm, b);
        release.countDown();
        awaitEnded(a);
        awaitEnded(b);
        awaitIdle();
        assertThat(order).containsExactly(a, b, a, b, a, b);
        assertThat(oneWorker.getCompletedTaskCount()).as("one task per chunk, the blocker, the lone download")
                .isEqualTo(1 + 1 + 6);
    }

    /**
     * A turn in the queue that an idle worker is about to take is not one that waits: with more workers than
     * downloads, downloads started together each keep their worker from chunk to chunk, one pool task each. (A worker
     * that gave its download up whenever any turn was queued, as EBA and ENBA did until 2026-11-28, queues more tasks
     * here whenever it finds another download's first turn not yet taken.)
     */
    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"EBA", "ENBA"})
    void turnsQueuedForIdleWorkersDoNotMakeADownloadYield(Algorithm kind) throws Exception {
        ThreadPoolExecutor eightWorkers = (ThreadPoolExecutor) Executors.newFixedThreadPool(8);
        try {
            eightWorkers.prestartAllCoreThreads();
            algorithm = SendAlgorithm.create(kind, new SendSettings(SchedulerTest.CHUNK, false, 0,
                    Duration.ofSeconds(30), 10, 0), eightWorkers);
            TestSink[] sinks = new TestSink[6];
            for (int i = 0; i < sinks.length; i++) {
                sinks[i] = new TestSink(true);
                SchedulerTest.start(algorithm, sinks[i]);
            }
            for (TestSink sink : sinks) {
                awaitEnded(sink);
                assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
                assertThat(sink.writers).hasSize(3);
            }
            SchedulerTest.await("the pool to be idle", () -> eightWorkers.getActiveCount() == 0
                    && eightWorkers.getQueue().isEmpty() && algorithm.stats().inProgress() == 0);
            assertThat(eightWorkers.getCompletedTaskCount()).as("one pool task per download").isEqualTo(sinks.length);
        } finally {
            eightWorkers.shutdownNow();
        }
    }

    /** Waits until the pool runs and holds nothing: its completed-task count is final then. */
    private static void awaitEnded(TestSink sink) {
        SchedulerTest.await("the download to end", () -> sink.ended.get() != null);
    }

    private void awaitIdle() {
        SchedulerTest.await("the pool to be idle", () -> oneWorker.getActiveCount() == 0
                && oneWorker.getQueue().isEmpty() && algorithm.stats().inProgress() == 0
                && algorithm.stats().waiting() == 0);
    }

    @Test
    void enbaFreesItsWorkerWhileTheWriteWaits() throws IOException {
        TestSink[] sinks = startTwo(Algorithm.ENBA);
        SchedulerTest.await("both downloads writing, no worker busy",
                () -> sinks[0].pending() == 1 && sinks[1].pending() == 1 && oneWorker.getActiveCount() == 0);
        assertThat(algorithm.stats().inProgress()).isEqualTo(2);
        SchedulerTest.drain(sinks);
        assertThat(sinks[1].ended.get()).isEqualTo(Outcome.COMPLETED);
    }

    @Test
    void ebaKeepsItsWorkerInsideTheWriteUntilTheClientTakesIt() throws IOException {
        TestSink[] sinks = startTwo(Algorithm.EBA);
        SchedulerTest.await("the first download writing", () -> sinks[0].pending() == 1);
        Thread worker = sinks[0].writers.getFirst();
        SchedulerTest.await("the worker waiting inside the chunk write", () -> Arrays.stream(worker.getStackTrace())
                .anyMatch(f -> f.getMethodName().equals("writeChunkBlocking")));
        assertThat(oneWorker.getActiveCount()).isEqualTo(1);
        assertThat(sinks[1].writers).as("the second download waits for the worker").isEmpty();
        assertThat(algorithm.stats().waiting()).isEqualTo(1);
        // Once the chunk is taken, the worker serves the other download before the first one's next chunk.
        sinks[0].completeNext();
        SchedulerTest.await("the second download's turn", () -> sinks[1].pending() == 1);
        assertThat(sinks[0].pending()).isZero();
        SchedulerTest.drain(sinks);
    }
}
