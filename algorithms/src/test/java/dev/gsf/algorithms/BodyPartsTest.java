package dev.gsf.algorithms;

import static dev.gsf.algorithms.SchedulerTest.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A body of several parts (file sections with bytes held in memory between them) arrives whole and in order under
 * every algorithm, copied, by sendfile and from a file held in memory; no write spans two parts.
 */
@ParameterizedClass
@EnumSource(Algorithm.class)
class BodyPartsTest {
    private static final int CHUNK = 4096;

    @Parameter
    Algorithm kind;
    @TempDir
    Path dir;
    private final ThreadPoolExecutor workers = (ThreadPoolExecutor) Executors.newFixedThreadPool(2);
    private final List<SendAlgorithm> algorithms = new ArrayList<>();

    @AfterEach
    void stop() {
        algorithms.forEach(SendAlgorithm::close);
        workers.shutdownNow();
    }

    @Test
    void partsArriveInOrder_copiedSentfileOrHeldInMemory() throws IOException {
        byte[] content = new byte[5 * CHUNK + 123];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 31 + i / 7);
        }
        Path file = Files.write(dir.resolve("parts.bin"), content);
        List<BodyPart> parts = List.of(text("--head\r\n"), new BodyPart.FileBytes(7, 3 * CHUNK + 5),
                text("\r\n--between\r\n"), new BodyPart.FileBytes(CHUNK + 1, 1), text("x"),
                new BodyPart.FileBytes(2 * CHUNK, 3 * CHUNK + 123), text("\r\n--end--\r\n"));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (BodyPart part : parts) {
            switch (part) {
                case BodyPart.Bytes held -> {
                    byte[] bytes = new byte[held.bytes().remaining()];
                    held.bytes().duplicate().get(bytes);
                    expected.write(bytes);
                }
                case BodyPart.FileBytes range -> expected.write(content, (int) range.offset(), (int) range.length());
            }
        }
        for (String source : List.of("copied", "sendfile", "in memory")) {
            SendAlgorithm algorithm = SendAlgorithm.create(kind, new SendSettings(CHUNK, source.equals("sendfile"),
                    0, Duration.ofSeconds(30), 10, 0), workers);
            algorithms.add(algorithm);
            OpenFile open = source.equals("in memory") ? OpenFile.inMemory(ByteBuffer.wrap(content))
                    : OpenFile.owned(FileChannel.open(file));
            TestSink sink = new TestSink(true);
            algorithm.admit().start(new Download(open, parts, sink, (outcome, bytes, cause) -> { }));
            await("the download to end", () -> sink.ended.get() != null);
            assertThat(sink.ended.get()).as(source).isEqualTo(Outcome.COMPLETED);
            assertThat(sink.received()).as(source).isEqualTo(expected.toByteArray());
            assertThat(sink.writers.size()).as(source + ": one write per part at least").isGreaterThanOrEqualTo(7);
        }
    }

    @Test
    void aBodyOfNoPartsOrAnEmptyPartIsRefused() {
        assertThatThrownBy(() -> new Download(OpenFile.inMemory(ByteBuffer.allocate(1)), List.of(),
                new TestSink(true), (outcome, bytes, cause) -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> text("")).isInstanceOf(IllegalArgumentException.class);
    }

    private static BodyPart text(String text) {
        return new BodyPart.Bytes(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)));
    }
}
