package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Property: a download of any range of any file, split into a first gathered write, chunks and sections by any
 * algorithm at any chunk size, with or without zero-copy, from the disk or from memory, sends every byte of the range
 * exactly once, in order, and nothing else. 1,000 tries from a fixed seed (printed with a failure, so a failing try
 * can be run alone).
 */
class RangeSplitPropertiesTest {
    private static final int TRIES = 1000;
    private static final int FILE = 3 * Download.GATHERED + 40_000;
    private static byte[] content;
    private static Path file;
    private static ExecutorService pool;

    @BeforeAll
    static void aFile() throws IOException {
        content = new byte[FILE];
        new SplittableRandom(7).nextBytes(content);
        file = Files.write(Files.createTempFile("gsf-range-split", ".bin"), content);
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void remove() throws IOException {
        pool.shutdownNow();
        Files.delete(file);
    }

    @Test
    void everyByteOfTheRangeIsSentExactlyOnce() throws Exception {
        SplittableRandom random = new SplittableRandom(20261127);
        for (int i = 0; i < TRIES; i++) {
            long seed = random.nextLong();
            tryOnce(new SplittableRandom(seed), "try " + i + ", seed " + seed);
        }
    }

    private static void tryOnce(SplittableRandom r, String name) throws Exception {
        Algorithm kind = Algorithm.values()[r.nextInt(Algorithm.values().length)];
        int offset = r.nextInt(FILE + 1);
        int length = r.nextInt(5) == 0 ? FILE - offset : r.nextInt(FILE - offset + 1);
        int chunk = Math.max(1, r.nextInt(Math.max(1, length / 48), Math.max(2, length + 1)));
        boolean zeroCopy = r.nextBoolean();
        boolean inMemory = r.nextInt(4) == 0;
        String what = name + ": " + kind + " bytes " + offset + "+" + length + " in chunks of " + chunk
                + (zeroCopy ? ", zero-copy" : "") + (inMemory ? ", in memory" : "");
        SendAlgorithm algorithm = SendAlgorithm.create(kind, new SendSettings(chunk, zeroCopy, r.nextInt(3) * 8192L,
                Duration.ofSeconds(10), 10, 0), (ThreadPoolExecutor) pool);
        try {
            TestSink sink = new TestSink(true);
            CountDownLatch ended = new CountDownLatch(1);
            AtomicReference<Outcome> outcome = new AtomicReference<>();
            OpenFile source = inMemory ? OpenFile.inMemory(ByteBuffer.wrap(content))
                    : OpenFile.owned(FileChannel.open(file));
            algorithm.admit().start(new Download(source, offset, length, sink, (how, bytes, cause) -> {
                outcome.set(how);
                ended.countDown();
            }));
            assertThat(ended.await(10, TimeUnit.SECONDS)).as(what).isTrue();
            assertThat(outcome.get()).as(what).isEqualTo(Outcome.COMPLETED);
            assertThat(sink.received()).as(what).isEqualTo(Arrays.copyOfRange(content, offset, offset + length));
        } finally {
            algorithm.close();
        }
    }
}
