package dev.gsf.algorithms;

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

/**
 * What tells ADA from ENBA: the thread that starts a download writes it while the socket takes each chunk whole,
 * with no hand-off, and a chunk the socket cannot take frees that thread; after the selector finished it, a fast
 * drain goes on inline on the selector's thread, a slow one on a worker. ADA written as ENBA fails the first test;
 * one that never leaves the calling thread fails the second and the third.
 */
class AdaptiveTest {
    private static final int CHUNK = SchedulerTest.CHUNK;
    private final ThreadPoolExecutor workers = (ThreadPoolExecutor) Executors.newFixedThreadPool(2);
    private SendAlgorithm algorithm;
    private Path file;

    @AfterEach
    void stop() throws IOException {
        algorithm.close();
        workers.shutdownNow();
        if (file != null) {
            Files.delete(file);
        }
    }

    private SendAlgorithm algorithm(Algorithm kind) {
        algorithm = SendAlgorithm.create(kind, new SendSettings(CHUNK, false, 0, Duration.ofSeconds(30), 10, 0),
                workers);
        return algorithm;
    }

    private void start(TestSink sink, int chunks) throws IOException {
        file = Files.write(Files.createTempFile("gsf-adaptive-test", ".bin"), new byte[chunks * CHUNK]);
        algorithm.admit().start(new Download(OpenFile.owned(FileChannel.open(file)), 0, (long) chunks * CHUNK, sink,
                (outcome, bytes, cause) -> { }));
    }

    @Test
    void aDownloadTheSocketTakesWholeIsSentByTheThreadThatStartedIt_withNoHandOff() throws IOException {
        TestSink sink = new TestSink(true);
        algorithm(Algorithm.ADA);
        start(sink, Adaptive.INLINE_CHUNKS);
        assertThat(sink.ended.get()).as("ended before start returned").isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers).hasSize(Adaptive.INLINE_CHUNKS).containsOnly(Thread.currentThread());
        assertThat(algorithm.stats().inlineWrites()).isEqualTo(Adaptive.INLINE_CHUNKS);
        assertThat(algorithm.stats().handOffs()).isZero();

        algorithm.close();
        TestSink enba = new TestSink(true);
        algorithm(Algorithm.ENBA);
        start(enba, Adaptive.INLINE_CHUNKS);
        SchedulerTest.await("ENBA's download to end", () -> enba.ended.get() != null);
        assertThat(enba.writers).doesNotContain(Thread.currentThread());
        assertThat(algorithm.stats().handOffs()).as("its first turn, to a worker").isOne();
    }

    @Test
    void aLongerOneGoesOnOnAWorkerAfterItsInlineChunks() throws IOException {
        TestSink sink = new TestSink(true);
        algorithm(Algorithm.ADA);
        start(sink, Adaptive.INLINE_CHUNKS + 2);
        SchedulerTest.await("the download to end", () -> sink.ended.get() != null);
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers.subList(0, Adaptive.INLINE_CHUNKS)).containsOnly(Thread.currentThread());
        assertThat(sink.writers.subList(Adaptive.INLINE_CHUNKS, Adaptive.INLINE_CHUNKS + 2))
                .allSatisfy(t -> assertThat(t.getName()).startsWith("pool-"));
        assertThat(algorithm.stats().handOffs()).as("one turn queued").isOne();
        assertThat(algorithm.stats().inlineWrites()).isEqualTo(Adaptive.INLINE_CHUNKS + 2);
    }

    @Test
    void aChunkTheSocketCannotTakeFreesTheThread_aFastDrainGoesOnWhereItDrained_aSlowOneOnAWorker()
            throws IOException {
        TestSink sink = new TestSink(false); // the test completes each write: it plays the selector
        // Every drain is fast (under a minute) until the threshold is 0: no clock decides the test.
        Adaptive adaptive = new Adaptive(new SendSettings(CHUNK, false, 0, Duration.ofSeconds(30), 10, 0), workers,
                Duration.ofMinutes(1).toNanos());
        algorithm = adaptive;
        start(sink, 3);
        assertThat(sink.pending()).as("the first chunk waits for the socket; start returned").isOne();
        assertThat(workers.getActiveCount()).isZero();

        sink.completeNext(); // at once: a fast drain, the next chunk is written here, on the "selector's" thread
        assertThat(sink.pending()).isOne();
        assertThat(sink.writers.get(1)).isEqualTo(Thread.currentThread());

        adaptive.fastDrainNanos = 0; // from now on every drain is slow: the next chunk goes to a worker
        sink.completeNext();
        SchedulerTest.await("a worker's write", () -> sink.pending() == 1);
        assertThat(sink.writers.get(2).getName()).startsWith("pool-");
        sink.completeNext();
        SchedulerTest.await("the end", () -> sink.ended.get() != null);
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(algorithm.stats().handOffs()).as("three writes to the selector, one turn to a worker")
                .isEqualTo(4);
        assertThat(algorithm.stats().inlineWrites()).isZero();
    }

    /**
     * Downloads waiting for a place under max-downloads begin as one ends; when each is written and ends inline, the
     * next must not begin inside it (5,000 nested turns overflow the stack): they go to a worker instead.
     */
    @Test
    void downloadsThatEndInlineDoNotNestTheNextOnesTurns() throws IOException {
        algorithm = SendAlgorithm.create(Algorithm.ADA, new SendSettings(CHUNK, false, 0, Duration.ofSeconds(30),
                10_000, 1), workers);
        file = Files.write(Files.createTempFile("gsf-adaptive-test", ".bin"), new byte[CHUNK]);
        TestSink holder = new TestSink(false); // holds the one place until the test completes its write
        algorithm.admit().start(new Download(OpenFile.owned(FileChannel.open(file)), 0, CHUNK, holder,
                (outcome, bytes, cause) -> { }));
        int waiting = 5_000;
        List<TestSink> sinks = new ArrayList<>();
        for (int i = 0; i < waiting; i++) {
            TestSink sink = new TestSink(true);
            sinks.add(sink);
            algorithm.admit().start(new Download(OpenFile.owned(FileChannel.open(file)), 0, CHUNK, sink,
                    (outcome, bytes, cause) -> { }));
        }
        assertThat(algorithm.stats().waiting()).isEqualTo(waiting);
        holder.completeNext();
        SchedulerTest.await("every download to end",
                () -> algorithm.stats().ended(Outcome.COMPLETED) == waiting + 1);
        assertThat(sinks).allSatisfy(s -> assertThat(s.ended.get()).isEqualTo(Outcome.COMPLETED));
    }
}
