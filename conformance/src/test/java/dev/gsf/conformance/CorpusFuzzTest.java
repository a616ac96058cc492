package dev.gsf.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Fuzz target: a corpus file ({@code gsf conformance --corpus FILE}). Invariants: it is read whole, every case with a
 * name, a request and a valid expectation, or refused with an IllegalArgumentException naming the corpus line; no
 * other exception, and no request grown past what the file could say ({@code {repeat N TEXT}} is bounded).
 */
class CorpusFuzzTest {
    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void readWholeOrRefusedNamingTheLine(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        Corpus corpus;
        try {
            corpus = Corpus.parse(text);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).startsWith("corpus");
            return;
        }
        for (Corpus.Case c : corpus.cases()) {
            assertThat(c.name()).isNotBlank();
            assertThat(c.request()).isNotEmpty();
            assertThat(c.request().length()).isLessThanOrEqualTo(Corpus.MAX_REQUEST);
            assertThat(c.statuses()).allMatch(s -> s >= 100 && s <= 599);
        }
    }

    /** Findings, kept as examples: each was an exception of its own, or a request of gigabytes. */
    @Test
    void badEscapesStatusesAndRepeatsAreRefusedNamingTheLine() {
        for (String send : new String[] {"GET \\x", "GET \\xZZ", "{repeat 99999999999 x}", "{repeat 2000000000 abcd}"}) {
            assertThatThrownBy(() -> Corpus.parse("case a\nsend " + send + "\nexpect 200 open\n")).as(send)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("corpus line 2: ");
        }
        assertThatThrownBy(() -> Corpus.parse("case \nsend GET / HTTP/1.1\nexpect 200 open\n"))
                .hasMessageStartingWith("corpus line 1: a case needs a name");
        for (String expect : new String[] {"abc open", "200|x close", "99 open", "1000 open"}) {
            assertThatThrownBy(() -> Corpus.parse("case a\nsend GET / HTTP/1.1\nexpect " + expect + "\n"))
                    .as(expect).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("corpus line 3: ");
        }
    }
}
