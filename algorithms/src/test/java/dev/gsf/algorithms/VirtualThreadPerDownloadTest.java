package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * VTA's one-write downloads: a body that is all its first write is written by the thread that started it, with no
 * virtual thread (a carrier's wake-up and, where the download ended, a selector's to read the next request), and a
 * longer one still gets its own virtual thread. VTA that starts a virtual thread for every download fails the first
 * two tests; one that writes longer downloads inline fails the third.
 */
class VirtualThreadPerDownloadTest {
    private static final int CHUNK = SchedulerTest.CHUNK;
    private final List<Path> files = new ArrayList<>();
    private SendAlgorithm algorithm;

    @AfterEach
    void stop() throws IOException {
        algorithm.close();
        for (Path file : files) {
            Files.delete(file);
        }
    }

    private SendAlgorithm vta(int maxDownloads) {
        algorithm = SendAlgorithm.create(Algorithm.VTA, new SendSettings(CHUNK, false, 0, Duration.ofSeconds(30),
                10_000, maxDownloads), null);
        return algorithm;
    }

    private Download download(TestSink sink, int length) throws IOException {
        return download(sink, file(length), length);
    }

    private Path file(int length) throws IOException {
        Path file = Files.write(Files.createTempFile("gsf-vta-test", ".bin"), new byte[length]);
        files.add(file);
        return file;
    }

    private static Download download(TestSink sink, Path file, int length) throws IOException {
        return new Download(OpenFile.owned(FileChannel.open(file)), 0, length, sink, (outcome, bytes, cause) -> { });
    }

    @Test
    void aOneWriteDownloadTheSocketTakesIsWrittenAndEndedByTheThreadThatStartedIt() throws IOException {
        vta(0).admit().start(download(new TestSink(true), 1)); // one byte
        TestSink sink = new TestSink(true);
        algorithm.admit().start(download(sink, CHUNK)); // a whole chunk: still one write
        assertThat(sink.ended.get()).as("ended before start returned").isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers).containsExactly(Thread.currentThread());
        assertThat(algorithm.stats().inlineWrites()).isEqualTo(2);
        assertThat(algorithm.stats().handOffs()).as("no virtual thread").isZero();
    }

    @Test
    void aOneWriteDownloadTheSocketCannotTakeAtOnceEndsWhereTheWriteFinishes_withNoVirtualThread() throws Exception {
        TestSink sink = new TestSink(false); // the test completes the write: it plays the selector
        vta(0).admit().start(download(sink, 1024));
        assertThat(sink.pending()).as("the write waits for the socket; start returned").isOne();
        Thread selector = Thread.ofPlatform().start(sink::completeNext);
        selector.join(10_000);
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers).containsExactly(Thread.currentThread());
        assertThat(algorithm.stats().handOffs()).as("the write, to the selector").isOne();
    }

    @Test
    void aLongerDownloadGetsItsOwnVirtualThread() throws IOException {
        TestSink sink = new TestSink(true);
        vta(0).admit().start(download(sink, CHUNK + 1));
        SchedulerTest.await("the download to end", () -> sink.ended.get() != null);
        assertThat(sink.ended.get()).isEqualTo(Outcome.COMPLETED);
        assertThat(sink.writers).hasSize(2).allSatisfy(t -> assertThat(t.isVirtual()).isTrue());
        assertThat(algorithm.stats().handOffs()).as("its first turn, to its virtual thread").isOne();
    }

    @Test
    void aShortBodyOfSeveralPartsTakesAWriteEach_onItsVirtualThread() throws IOException {
        TestSink sink = new TestSink(true);
        vta(0).admit().start(new Download(OpenFile.owned(FileChannel.open(file(100))), List.of(
                new BodyPart.Bytes(ByteBuffer.wrap(new byte[] {'a'})), new BodyPart.FileBytes(0, 10),
                new BodyPart.Bytes(ByteBuffer.wrap(new byte[] {'z'}))), sink, (outcome, bytes, cause) -> { }));
        SchedulerTest.await("the download to end", () -> sink.ended.get() == Outcome.COMPLETED);
        assertThat(sink.received()).hasSize(12).startsWith((byte) 'a').endsWith((byte) 'z');
        assertThat(sink.writers).hasSize(3).allSatisfy(t -> assertThat(t.isVirtual()).isTrue());
    }

    /**
     * One-write downloads waiting for a place under max-downloads begin as one ends; when each ends inline, the next
     * must not begin inside it (5,000 nested turns overflow the stack): it gets a virtual thread instead.
     */
    @Test
    void oneWriteDownloadsThatEndInlineDoNotNestTheNextOnes() throws IOException {
        vta(1);
        TestSink holder = new TestSink(false); // holds the one place until the test completes its write
        algorithm.admit().start(download(holder, CHUNK));
        Path small = files.getFirst();
        int waiting = 5_000;
        List<TestSink> sinks = new ArrayList<>();
        for (int i = 0; i < waiting; i++) {
            TestSink sink = new TestSink(true);
            sinks.add(sink);
            algorithm.admit().start(download(sink, small, 16));
        }
        assertThat(algorithm.stats().waiting()).isEqualTo(waiting);
        holder.completeNext();
        SchedulerTest.await("every download to end",
                () -> algorithm.stats().ended(Outcome.COMPLETED) == waiting + 1);
        assertThat(sinks).allSatisfy(s -> assertThat(s.ended.get()).isEqualTo(Outcome.COMPLETED));
    }
}
