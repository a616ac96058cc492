package dev.gsf.algorithms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link FileSection#readInto}, what a TLS connection reads a section through, for every kind of section: piece after
 * piece it gives exactly the section's bytes, at the section's own position, leaving the file's position alone. And
 * how a sendfile section reads its file's {@link Sendfile}'s answers.
 */
class FileSectionTest {
    private static final int OFFSET = 1000;
    private static final int LENGTH = 100_000;

    @TempDir
    Path dir;

    static Stream<Arguments> sections() {
        return Stream.of(
                Arguments.of("sendfile", (Function<FileChannel, FileSection>) f ->
                        new SendfileSection(f, Sendfile.transferTo(f), OFFSET, LENGTH)),
                Arguments.of("copy", (Function<FileChannel, FileSection>) f ->
                        new CopySection(f, OFFSET, LENGTH, new BufferPool(64 * 1024, 1))),
                Arguments.of("memory", (Function<FileChannel, FileSection>) f -> {
                    try {
                        return new MemorySection(f.map(FileChannel.MapMode.READ_ONLY, OFFSET, LENGTH));
                    } catch (IOException e) {
                        throw new RuntimeException(e);
                    }
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sections")
    void piecesReadIntoABufferAreTheSectionsBytes(String kind, Function<FileChannel, FileSection> make)
            throws IOException {
        byte[] content = new byte[OFFSET + LENGTH + 500];
        new Random(kind.hashCode()).nextBytes(content);
        Path file = Files.write(dir.resolve("f.bin"), content);
        try (FileChannel channel = FileChannel.open(file)) {
            FileSection section = make.apply(channel);
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            ByteBuffer piece = ByteBuffer.allocateDirect(16 * 1024);
            int pieces = 0;
            while (section.remaining() > 0) {
                piece.clear().put((byte) 0); // what the buffer holds already stays: read goes after it
                int n = section.readInto(piece);
                assertThat(n).isEqualTo(Math.min(16 * 1024 - 1, LENGTH - read.size()));
                byte[] bytes = new byte[n];
                piece.flip().position(1);
                piece.get(bytes);
                read.writeBytes(bytes);
                pieces++;
            }
            assertThat(read.toByteArray()).isEqualTo(Arrays.copyOfRange(content, OFFSET, OFFSET + LENGTH));
            assertThat(pieces).isEqualTo((LENGTH + 16 * 1024 - 2) / (16 * 1024 - 1));
            assertThat(channel.position()).as("the file's shared position").isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sections")
    void aFileShorterThanItsSectionIsAReadError(String kind, Function<FileChannel, FileSection> make)
            throws IOException {
        assumeThat(kind).as("a memory section's bytes are in memory already").isNotEqualTo("memory");
        Path file = Files.write(dir.resolve("short.bin"), new byte[OFFSET + LENGTH / 2]);
        try (FileChannel channel = FileChannel.open(file)) {
            FileSection section = make.apply(channel);
            ByteBuffer piece = ByteBuffer.allocate(LENGTH);
            assertThatThrownBy(() -> section.readInto(piece)).isInstanceOf(FileReadException.class);
        }
    }

    @Test
    void aSendfileSectionSendsThroughItsFilesSendfile_atItsOwnPosition_zeroIsAFullSocket_minusOneATruncation()
            throws IOException {
        Path file = Files.write(dir.resolve("any.bin"), new byte[OFFSET + LENGTH]);
        List<Long> positions = new ArrayList<>();
        Iterator<Long> answers = List.of(4096L, 0L, -1L).iterator();
        Sendfile recorded = (position, count, target) -> {
            positions.add(position);
            return answers.next();
        };
        try (FileChannel channel = FileChannel.open(file)) {
            FileSection section = new SendfileSection(channel, recorded, OFFSET, LENGTH);
            assertThat(section.writeTo(null)).isEqualTo(4096);
            assertThat(section.writeTo(null)).as("a full socket: nothing moves").isZero();
            assertThat(section.remaining()).isEqualTo(LENGTH - 4096);
            assertThatThrownBy(() -> section.writeTo(null)).isInstanceOf(FileReadException.class);
            assertThat(positions).containsExactly((long) OFFSET, OFFSET + 4096L, OFFSET + 4096L);
        }
    }
}
