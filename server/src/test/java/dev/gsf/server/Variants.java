package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** Every algorithm with zero-copy on and off: the server tests run against each. */
final class Variants {
    private Variants() {
    }

    static Stream<Arguments> algorithmsAndZeroCopy() {
        return Arrays.stream(Algorithm.values())
                .flatMap(a -> Stream.of(Arguments.of(a, true), Arguments.of(a, false)));
    }
}
