package dev.gsf.algorithms;

import static dev.gsf.algorithms.SchedulerTest.await;
import static dev.gsf.algorithms.SchedulerTest.drain;
import static dev.gsf.algorithms.SchedulerTest.started;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scheduler's copy buffers, with ENBA, whose downloads wait between writes without a worker. */
class CopyBuffersTest {
    private final ThreadPoolExecutor workers = (ThreadPoolExecutor) Executors.newFixedThreadPool(4);
    private final SendAlgorithm algorithm = SendAlgorithm.create(Algorithm.ENBA,
            new SendSettings(SchedulerTest.CHUNK, false, 0, Duration.ofSeconds(30), 100, 0), workers);

    @AfterEach
    void stop() {
        algorithm.close();
        workers.shutdownNow();
    }

    @Test
    void aWaitingWriteHoldsNoCopyBuffer_theFirstOnlyTheFewBytesGatheredWithTheHead() throws IOException {
        int chunk = 64 * 1024;
        Path big = Files.createTempFile("gsf-copy-buffers-test", ".bin");
        big.toFile().deleteOnExit();
        Files.write(big, new byte[3 * chunk]);
        SendAlgorithm bigChunks = SendAlgorithm.create(Algorithm.ENBA,
                new SendSettings(chunk, false, 0, Duration.ofSeconds(30), 100, 0), workers);
        try {
            BufferPool buffers = ((Scheduler) bigChunks).buffers();
            List<TestSink> sinks = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                TestSink sink = new TestSink(false);
                sinks.add(sink);
                bigChunks.admit().start(new Download(OpenFile.owned(FileChannel.open(big)), 0, 3 * chunk, sink,
                        (outcome, bytes, cause) -> { }));
            }
            await("every first write", () -> sinks.stream().allMatch(s -> s.pending() == 1));
            assertThat(buffers.inUse()).as("no pooled buffer waits with a first write").isZero();
            assertThat(sinks).as("a first write holds only what goes out with the head")
                    .allMatch(s -> s.bufferedWaiting() == Download.GATHERED);
            sinks.forEach(TestSink::completeNext);
            await("every second write: the rest of the first chunk",
                    () -> sinks.stream().allMatch(s -> s.pending() == 1));
            assertThat(buffers.inUse()).as("a waiting section holds no buffer").isZero();
            assertThat(sinks).allMatch(s -> s.bufferedWaiting() == 0 && s.bytesWritten() == Download.GATHERED);
            drain(sinks.toArray(TestSink[]::new));
            assertThat(buffers.inUse()).isZero();
            assertThat(sinks).allMatch(s -> s.bytesWritten() == 3 * chunk && s.ended.get() == Outcome.COMPLETED);
        } finally {
            bigChunks.close();
        }
    }

    @Test
    void copyBuffersAreHeldOnlyByWritesInFlight_notByDownloadsBetweenWrites() throws IOException {
        BufferPool buffers = ((Scheduler) algorithm).buffers();
        List<TestSink> sinks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sinks.add(started(algorithm));
        }
        await("every first write", () -> sinks.stream().allMatch(s -> s.pending() == 1));
        assertThat(buffers.inUse()).as("a first write gathers its bytes with the head, in no pooled buffer").isZero();
        sinks.forEach(TestSink::completeNext);
        await("every second write", () -> sinks.stream().allMatch(s -> s.pending() == 1));
        assertThat(buffers.inUse()).as("a waiting section holds no buffer").isZero();
        drain(sinks.toArray(TestSink[]::new));
        assertThat(buffers.inUse()).isZero();
    }
}
