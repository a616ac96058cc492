package dev.gsf.algorithms;

import static dev.gsf.algorithms.SchedulerTest.await;
import static dev.gsf.algorithms.SchedulerTest.drain;
import static dev.gsf.algorithms.SchedulerTest.started;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scheduler's copy buffers, with ENBA, whose downloads wait between writes without a worker. */
class CopyBuffersTest {
    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private final SendAlgorithm algorithm = SendAlgorithm.create(Algorithm.ENBA,
            new SendSettings(SchedulerTest.CHUNK, false, 0, Duration.ofSeconds(30), 100, 0), workers);

    @AfterEach
    void stop() {
        algorithm.close();
        workers.shutdownNow();
    }

    @Test
    void copyBuffersAreHeldOnlyByWritesInFlight_notByDownloadsBetweenWrites() throws IOException {
        BufferPool buffers = ((Scheduler) algorithm).buffers;
        List<TestSink> sinks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sinks.add(started(algorithm));
        }
        await("every first write", () -> sinks.stream().allMatch(s -> s.pending() == 1));
        assertThat(buffers.inUse()).as("first writes are read ahead, to go out with the head").isEqualTo(10);
        sinks.forEach(TestSink::completeNext);
        await("every second write", () -> sinks.stream().allMatch(s -> s.pending() == 1));
        assertThat(buffers.inUse()).as("a waiting section holds no buffer").isZero();
        drain(sinks.toArray(TestSink[]::new));
        assertThat(buffers.inUse()).isZero();
    }
}
