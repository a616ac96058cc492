package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
