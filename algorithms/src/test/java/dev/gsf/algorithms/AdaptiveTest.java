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
 * with no hand-off, and a chunk the socket cannot take frees that thread; after the selector finished it, the next
 * chunks go on inline on the selector's thread, and past its inline chunks on a worker. ADA written as ENBA fails the
 * first test; one that never leaves the calling thread fails the second and the third.
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
    void aChunkTheSocketCannotTakeFreesTheThread_andEveryNextOneIsWrittenWhereItDrained() throws IOException {
        TestSink sink = new TestSink(false); // the test completes each write: it plays the selector
        algorithm(Algorithm.ADA);
        int chunks = Adaptive.INLINE_CHUNKS + 2;
        start(sink, chunks);
        assertThat(sink.pending()).as("the first chunk waits for the socket; start returned").isOne();
        assertThat(workers.getActiveCount()).isZero();
        for (int i = 1; i < chunks; i++) { // a slow client: each chunk waits again, written by the "selector"
            sink.completeNext();
            assertThat(sink.pending()).isOne();
            assertThat(sink.writers.get(i)).isEqualTo(Thread.currentThread());
        }
        sink.completeNext();
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(algorithm.stats().handOffs()).as("every write to the selector, no turn to a worker")
                .isEqualTo(chunks);
        assertThat(algorithm.stats().inlineWrites()).isZero();
    }

    @Test
    void aDownloadThatDrainedAndTakesWholeChunksAgainGetsAWorkerAfterItsInlineChunks() throws IOException {
        TestSink sink = new TestSink(false);
        algorithm(Algorithm.ADA);
        int chunks = 1 + Adaptive.INLINE_CHUNKS + 2;
        start(sink, chunks);
        assertThat(sink.pending()).isOne();
        sink.takeAtOnce(); // a fast client whose buffer was full for a moment
        sink.completeNext();
        SchedulerTest.await("the end", () -> sink.ended.get() != null);
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers.subList(1, 1 + Adaptive.INLINE_CHUNKS)).as("where it drained")
                .containsOnly(Thread.currentThread());
        assertThat(sink.writers.subList(1 + Adaptive.INLINE_CHUNKS, chunks))
                .allSatisfy(t -> assertThat(t.getName()).startsWith("pool-"));
        assertThat(algorithm.stats().handOffs()).as("one write to the selector, one turn to a worker").isEqualTo(2);
        assertThat(algorithm.stats().inlineWrites()).isEqualTo(chunks - 1);
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
