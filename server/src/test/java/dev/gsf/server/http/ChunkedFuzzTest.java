package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * Fuzz target: where a chunked request body ends ({@link ChunkedBody}), fed in reads cut anywhere. Invariants: the
 * end (or the refusal) is the same whatever the cut; an end is found only after a last chunk of size 0 and an empty
 * line; the data skipped is what the chunk sizes say, so the bytes after the end are never taken for body.
 */
class ChunkedFuzzTest {
    private static final MemoryManager MEMORY = MemoryManager.DEFAULT_MEMORY_MANAGER;

    @FuzzTest
    void theEndIsTheSameWhateverTheCut(FuzzedDataProvider data) {
        int[] cuts = new int[data.consumeInt(0, 6)];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = data.consumeInt(0, 4096);
        }
        byte[] body = data.consumeRemainingAsBytes();
        Arrays.sort(cuts);
        long whole = scan(body, new int[0]);
        assertThat(scan(body, cuts)).as(new String(body, StandardCharsets.ISO_8859_1)).isEqualTo(whole);
        if (whole >= 0) {
            assertThat(endsAt(body)).as(new String(body, StandardCharsets.ISO_8859_1)).isEqualTo(whole);
        }
    }

    /** The index past the body's end, -1 while it goes on, -2 when refused. */
    private static long scan(byte[] body, int[] cuts) {
        ChunkedBody chunked = new ChunkedBody();
        int from = 0;
        try {
            for (int r = 0; r <= cuts.length; r++) {
                int to = r < cuts.length ? Math.min(Math.max(cuts[r], from), body.length) : body.length;
                Buffer read = Buffers.wrap(MEMORY, Arrays.copyOfRange(body, from, to));
                int end = chunked.scan(read, 0, read.limit());
                if (end >= 0) {
                    return from + end;
                }
                from = to;
            }
            return -1;
        } catch (ChunkedBody.Malformed e) {
            return -2;
        }
    }

    /**
     * An independent reading of the chunked framing, as lenient as the filter's (a bare LF ends a line, extensions
     * are not checked): the index past its end.
     */
    private static long endsAt(byte[] b) {
        String s = new String(b, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (true) {
            int lf = s.indexOf('\n', at);
            String line = s.substring(at, lf).replaceFirst("\r$", "");
            String hex = line.replaceFirst(";.*", "").stripTrailing();
            assertThat(hex).matches("[0-9A-Fa-f]{1,15}");
            long size = Long.parseLong(hex, 16);
            at = lf + 1;
            if (size == 0) {
                break;
            }
            at += (int) size;
            at += s.startsWith("\r\n", at) ? 2 : 1;
        }
        while (true) { // trailer lines up to an empty one
            int lf = s.indexOf('\n', at);
            boolean empty = lf == at || lf == at + 1 && s.charAt(at) == '\r';
            at = lf + 1;
            if (empty) {
                return at;
            }
        }
    }
}
