package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The plaintext of several buffers gathered for one BoringSSL record, and the buffers moved by what it took. */
class GatheredPlainTest {
    @Test
    void gathersAtMostOneRecordInOrder_andMovesTheSourcesOnlyByWhatWasTaken() {
        ByteBuffer[] srcs = {ByteBuffer.allocate(0), filled(3, 1), filled(5, 2), filled(20_000, 3)};
        ByteBuffer plain = GatheredPlain.copy(srcs, 0, srcs.length);
        try {
            assertThat(plain.remaining()).isEqualTo(GatheredPlain.MOST);
            assertThat(new byte[] {plain.get(0), plain.get(2), plain.get(3), plain.get(7), plain.get(8)})
                    .containsExactly(1, 1, 2, 2, 3);
            assertThat(srcs[3].position()).as("not moved by the copy").isZero();
            GatheredPlain.consumed(srcs, 0, srcs.length, 10);
            assertThat(new int[] {srcs[1].remaining(), srcs[2].remaining(), srcs[3].remaining()})
                    .containsExactly(0, 0, 20_000 - 2);
        } finally {
            GatheredPlain.giveBack(plain);
        }
    }

    @Test
    void gathersOnlyWhenTheFirstBufferIsLessThanARecordAndAnotherFollows() {
        assertThat(GatheredPlain.needed(new ByteBuffer[] {filled(9, 0), filled(100, 0)}, 0, 2)).isTrue();
        assertThat(GatheredPlain.needed(new ByteBuffer[] {ByteBuffer.allocate(0), filled(9, 0), filled(1, 0)}, 0, 3))
                .isTrue();
        assertThat(GatheredPlain.needed(new ByteBuffer[] {filled(9, 0), ByteBuffer.allocate(0)}, 0, 2)).isFalse();
        assertThat(GatheredPlain.needed(new ByteBuffer[] {filled(GatheredPlain.MOST, 0), filled(9, 0)}, 0, 2))
                .as("a whole record's worth first: sealed where it is").isFalse();
        assertThat(GatheredPlain.needed(new ByteBuffer[] {filled(9, 0), filled(9, 0)}, 1, 1)).isFalse();
    }

    private static ByteBuffer filled(int size, int value) {
        ByteBuffer buffer = ByteBuffer.allocate(size);
        while (buffer.hasRemaining()) {
            buffer.put((byte) value);
        }
        return buffer.flip();
    }
}
