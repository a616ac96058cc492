package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The scheduler without Grizzly: admission, places, the timeout sweeper, close, through a {@link TestSink}. Every
 * test runs once per algorithm.
 */
@ParameterizedClass
@EnumSource(Algorithm.class)
class SchedulerTest {
    static final int CHUNK = 4096;
    static final Path file = threeChunks();

    @Parameter
    Algorithm kind;
    private final ThreadPoolExecutor workers = (ThreadPoolExecutor) Executors.newFixedThreadPool(4);
    private final List<SendAlgorithm> algorithms = new ArrayList<>();

    private static Path threeChunks() {
        try {
            Path path = Files.createTempFile("gsf-scheduler-test", ".bin");
            path.toFile().deleteOnExit();
            return Files.write(path, new byte[3 * CHUNK]);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void stop() {
        algorithms.forEach(SendAlgorithm::close);
        workers.shutdownNow();
    }

    SendAlgorithm algorithm(int queue, int maxDownloads, Duration writeTimeout, ThreadPoolExecutor pool) {
        SendAlgorithm algorithm = SendAlgorithm.create(kind,
                new SendSettings(CHUNK, false, 0, writeTimeout, queue, maxDownloads), pool);
        algorithms.add(algorithm);
        return algorithm;
    }

    SendAlgorithm algorithm(int queue, int maxDownloads) {
        return algorithm(queue, maxDownloads, Duration.ofSeconds(30), workers);
    }

    static Download download(TestSink sink, long length) throws IOException {
        return new Download(OpenFile.owned(FileChannel.open(file)), 0, length, sink, (outcome, bytes, cause) -> { });
    }

    static void start(SendAlgorithm algorithm, TestSink sink) throws IOException {
        algorithm.admit().start(download(sink, 3 * CHUNK));
    }

    /** A download of the three-chunk file, started on a sink that completes no write until told. */
    static TestSink started(SendAlgorithm algorithm) throws IOException {
        TestSink sink = new TestSink(false);
        start(algorithm, sink);
        return sink;
    }

    /** A started download whose first write is pending: it runs and holds its place. */
    static TestSink running(SendAlgorithm algorithm) throws IOException {
        TestSink sink = started(algorithm);
        await("the first write", () -> sink.pending() == 1);
        return sink;
    }

    /** Completes the sinks' writes as they come until all their downloads have ended. */
    static void drain(TestSink... sinks) {
        List<TestSink> open = new ArrayList<>(List.of(sinks));
        while (!open.isEmpty()) {
            await("a write or an end", () -> open.stream().anyMatch(s -> s.pending() > 0 || s.ended.get() != null));
            for (TestSink sink : open) {
                if (sink.pending() > 0) {
                    sink.completeNext();
                }
            }
            open.removeIf(s -> s.ended.get() != null);
        }
    }

    /**
     * Polls every 0.2 ms up to 10 s. Not a spin: spinning (onSpinWait, yield) took a core for the whole class, the
     * sweeper's real 1 s sweeps included (12 CPU-s on an idle machine, and the cores from the suite's other streams).
     */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            LockSupport.parkNanos(200_000);
        }
    }

    @Test
    void theFastPathWritesOneWriteOnTheCallingThread_andRefusesMoreThanOneBeforeUsingThePlace() throws IOException {
        SendAlgorithm algorithm = algorithm(10, 1);
        TestSink holder = running(algorithm); // max-downloads 1 is taken: the fast path does not wait for it
        TestSink small = new TestSink(true);
        algorithm.admit().sendNow(download(small, CHUNK));
        assertThat(small.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(small.bytesWritten()).isEqualTo(CHUNK);
        assertThat(small.writers).containsExactly(Thread.currentThread());

        Admission admission = algorithm.admit();
        assertThatThrownBy(() -> admission.sendNow(download(new TestSink(true), CHUNK + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one write");
        assertThat(algorithm.stats().waiting()).as("the refused one still holds its place").isOne();
        admission.cancel();
        assertThat(algorithm.stats().waiting()).isZero();
        drain(holder);
    }

    @Test
    void aFileHeldInMemoryIsSentAsFromTheFile_theFirstWriteAndTheSectionsAfterIt() throws IOException {
        byte[] content = new byte[3 * CHUNK];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i % 251);
        }
        Path copy = Files.write(Files.createTempFile("gsf-scheduler-test", ".bin"), content);
        SendAlgorithm algorithm = algorithm(10, 0);
        int offset = 100;
        int length = content.length - 200; // several chunks: a first write, then sections
        for (OpenFile source : List.of(OpenFile.inMemory(java.nio.ByteBuffer.wrap(content)),
                OpenFile.owned(FileChannel.open(copy)))) {
            TestSink sink = new TestSink(true);
            algorithm.admit().start(new Download(source, offset, length, sink, (outcome, bytes, cause) -> { }));
            await("the download to end", () -> sink.ended.get() != null);
            assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
            assertThat(sink.received()).as(source.contents() != null ? "in memory" : "from the file")
                    .isEqualTo(java.util.Arrays.copyOfRange(content, offset, offset + length));
        }
        Files.delete(copy);
    }

    @Test
    void onlyAWholeFileTurnSaysThatMoreWritesFollow_andItsLastWriteSaysNone() throws IOException {
        TestSink sink = new TestSink(true);
        start(algorithm(10, 0), sink);
        await("the download to end", () -> sink.ended.get() != null);
        // SBA and VTA write the next chunk at once: the sink may hold a partial segment for it (TCP_CORK). EBA and
        // ENBA end every turn with a write that nothing follows at once, so nothing is held between turns.
        boolean wholeFileTurn = kind == Algorithm.SBA || kind == Algorithm.VTA;
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(sink.more).containsExactly(wholeFileTurn, wholeFileTurn, false);
    }

    @Test
    void theQueueLimitRefusesOneMore_andACancelledPlaceIsFreeAgain() {
        SendAlgorithm algorithm = algorithm(2, 0);
        Admission first = algorithm.admit();
        assertThat(algorithm.admit()).isNotNull();
        assertThat(algorithm.admit()).isNull();
        assertThat(algorithm.stats().rejected()).isEqualTo(1);
        assertThat(algorithm.stats().waiting()).isEqualTo(2);
        first.cancel();
        assertThat(algorithm.admit()).isNotNull();
    }

    @Test
    void maxDownloadsLetsOnlyThatManyRun_theNextBeginsWhenOneEnds() throws IOException {
        SendAlgorithm algorithm = algorithm(10, 1);
        TestSink first = started(algorithm);
        TestSink second = started(algorithm);
        await("the first download's first write", () -> first.pending() == 1);
        assertThat(algorithm.stats().inProgress()).isEqualTo(1);
        assertThat(algorithm.stats().waiting()).isEqualTo(1);
        assertThat(second.writers).isEmpty();
        drain(first);
        assertThat(first.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(first.bytesWritten()).isEqualTo(3 * CHUNK);
        drain(second);
        assertThat(second.ended.get()).isEqualTo(Outcome.COMPLETED);
        await("the place to be free", () -> ((Scheduler) algorithm).freeSlots() == 1);
    }

    @Test
    void aChunkNotTakenWithinTheWriteTimeoutEndsTheDownload() throws IOException {
        SendAlgorithm algorithm = algorithm(10, 0, Duration.ofMillis(100), workers);
        TestSink stalled = started(algorithm);
        await("the sweeper to end the download", () -> algorithm.stats().ended(Outcome.WRITE_TIMEOUT) == 1);
        assertThat(stalled.ended.get()).isEqualTo(Outcome.WRITE_TIMEOUT);
        await("the worker to be free", () -> workers.getActiveCount() == 0);
        // The sweeper counts the end before the gauge drops (Scheduler.ended), so the gauge may lag the count.
        await("the download to leave the in-progress gauge", () -> algorithm.stats().inProgress() == 0);
    }

    @Test
    void closeEndsWhatRuns_andAStartAfterCloseFreesNoPlaceItNeverHad() throws IOException {
        SendAlgorithm algorithm = algorithm(10, 1);
        TestSink running = running(algorithm);
        Admission late = algorithm.admit();
        algorithm.close();
        assertThat(running.ended.get()).isEqualTo(Outcome.SERVER_ERROR);
        assertThat(((Scheduler) algorithm).freeSlots()).isEqualTo(1);

        TestSink afterClose = new TestSink(false);
        late.start(download(afterClose, CHUNK));
        assertThat(afterClose.ended.get()).isEqualTo(Outcome.SERVER_ERROR);
        assertThat(((Scheduler) algorithm).freeSlots()).as("places under max-downloads=1").isEqualTo(1);
        assertThat(algorithm.admit()).as("closed").isNull();
    }

    /**
     * A download that another thread is ending as the algorithm closes (its connection failed first, as when the
     * server stops) is counted before close returns, so that the caller never sees it still in progress.
     */
    @Test
    void closeReturnsOnlyOnceADownloadThatAnotherThreadIsEndingIsCounted() throws Exception {
        SendAlgorithm algorithm = algorithm(10, 0);
        CountDownLatch inListener = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestSink sink = new TestSink(false);
        Download download = new Download(OpenFile.owned(FileChannel.open(file)), 0, 3 * CHUNK, sink,
                (outcome, bytes, cause) -> {
                    inListener.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS); // a slow listener: the end is counted after it
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        algorithm.admit().start(download);
        await("the first write", () -> sink.pending() == 1);
        Thread ender = Thread.ofPlatform().start(() -> download.end(Outcome.CLIENT_GONE, new IOException("reset")));
        assertThat(inListener.await(30, TimeUnit.SECONDS)).isTrue();
        AtomicReference<AlgorithmStats.Snapshot> afterClose = new AtomicReference<>();
        Thread closer = Thread.ofPlatform().start(() -> {
            algorithm.close();
            afterClose.set(algorithm.stats());
        });
        await("close to wait for the end being counted (or return without it)", () -> !closer.isAlive()
                || closer.getState() == Thread.State.TIMED_WAITING);
        release.countDown();
        closer.join(30_000);
        ender.join(30_000);
        assertThat(afterClose.get().inProgress()).as("in progress as close returned").isZero();
        assertThat(afterClose.get().ended(Outcome.CLIENT_GONE)).isOne();
    }

    @Test
    void aClientThatLeavesWhileItsDownloadWaitsGivesItsQueuePlaceBack() throws IOException {
        SendAlgorithm algorithm = algorithm(1, 1);
        TestSink running = running(algorithm);
        TestSink waiting = started(algorithm);
        assertThat(algorithm.admit()).as("the queue of 1 is full").isNull();
        waiting.close();
        await("the sweeper to notice", () -> algorithm.stats().waiting() == 0);
        assertThat(waiting.ended.get()).isEqualTo(Outcome.CLIENT_GONE);
        assertThat(running.ended.get()).as("the running one goes on").isNull();
        assertThat(algorithm.admit()).isNotNull();
        assertThat(waiting.writers).isEmpty();
    }

    @Test
    void aClientSeenGoneAtTheSweepersFirstLookKeepsItsDownload_theNextLookEndsIt() throws IOException {
        Scheduler scheduler = (Scheduler) algorithm(1, 1);
        scheduler.close(); // its own sweeps stopped: this test makes the sweeper's looks itself
        TestSink sink = new TestSink(false);
        sink.close(); // the client's FIN came with its request: a half-close, or a client that left at once
        Download download = download(sink, 3 * CHUNK);
        SendSettings settings = new SendSettings(CHUNK, false, 0, Duration.ofSeconds(30), 1, 1);
        download.attach(scheduler, settings, scheduler.buffers());
        download.endIfWaitingForNobody();
        assertThat(sink.ended.get()).as("at the first look it may be on its way to a first turn").isNull();
        download.endIfWaitingForNobody();
        assertThat(sink.ended.get()).as("still waiting a sweep later").isEqualTo(Outcome.CLIENT_GONE);
    }

    @Test
    void aFileShorterThanItsRangeEndsTheDownloadAsServerError_copyOrSendfile() throws IOException {
        for (boolean zeroCopy : new boolean[] {false, true}) {
            SendAlgorithm algorithm = SendAlgorithm.create(kind,
                    new SendSettings(CHUNK, zeroCopy, 0, Duration.ofSeconds(30), 10, 0), workers);
            algorithms.add(algorithm);
            // The ranges were decided before the file shrank: one runs past its end, one starts there.
            TestSink pastTheEnd = sendImmediately(algorithm, 0, 4 * CHUNK);
            TestSink atTheEnd = sendImmediately(algorithm, 3 * CHUNK, CHUNK);
            assertThat(pastTheEnd.ended.get()).as("zero-copy " + zeroCopy).isEqualTo(Outcome.SERVER_ERROR);
            // The file's size is checked before the first write: nothing is sent, the HTTP layer can answer 500.
            assertThat(pastTheEnd.bytesWritten()).as("never padded").isZero();
            assertThat(atTheEnd.ended.get()).as("zero-copy " + zeroCopy).isEqualTo(Outcome.SERVER_ERROR);
            assertThat(atTheEnd.bytesWritten()).isZero();
        }
    }

    private static TestSink sendImmediately(SendAlgorithm algorithm, long offset, long length) throws IOException {
        TestSink sink = new TestSink(true);
        algorithm.admit().start(new Download(OpenFile.owned(FileChannel.open(file)), offset, length, sink,
                (outcome, bytes, cause) -> { }));
        await("the download to end", () -> sink.ended.get() != null);
        return sink;
    }
}
