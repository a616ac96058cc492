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
 * line; the data skipped is what the chunk sizes say, so the bytes after the end are never taken for body; a size
 * line or trailer line accepted holds no control byte but HTAB (a bare CR there is a line end to some proxies).
 */
class ChunkedFuzzTest {
    private static final MemoryManager MEMORY = MemoryManager.DEFAULT_MEMORY_MANAGER;

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
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
            String line = withoutCr(s.substring(at, lf));
            assertThat(line).matches("(?s)[0-9A-Fa-f]{1,15}([ \t]*;[ \t]*[^ \t;=]+.*)?[ \t]*");
            assertThat(noControlButTab(line)).as(line).isTrue();
            long size = Long.parseLong(line.replaceFirst("(?s)[ \t;].*", ""), 16);
            at = lf + 1;
            if (size == 0) {
                break;
            }
            at += (int) size;
            at += s.startsWith("\r\n", at) ? 2 : 1;
        }
        while (true) { // trailer lines up to an empty one
            int lf = s.indexOf('\n', at);
            String line = withoutCr(s.substring(at, lf));
            at = lf + 1;
            if (line.isEmpty()) {
                return at;
            }
            assertThat(line).matches("(?s)[!#$%&'*+.^_`|~0-9A-Za-z-]+:.*");
            assertThat(noControlButTab(line)).as(line).isTrue();
        }
    }

    private static String withoutCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** No byte a proxy could take for a line's end or ignore: no control but HTAB. */
    private static boolean noControlButTab(String line) {
        return line.chars().noneMatch(c -> c < 0x20 && c != '\t' || c == 0x7f);
    }

    /** A finding, kept as an example (and as its input, crash-bare-cr-in-extension): a CR inside an extension. */
    @org.junit.jupiter.api.Test
    void aControlByteInAnExtensionOrATrailerIsMalformed() {
        for (String body : new String[] {"5;\r(\nhello\r\n0\r\n\r\n", "5;a=\"x\ry\"\r\nhello\r\n0\r\n\r\n",
                "0\r\nX: a\rb\r\n\r\n", "0\r\n folded\r\n\r\n"}) {
            assertThat(scan(body.getBytes(StandardCharsets.ISO_8859_1), new int[0])).as(body).isEqualTo(-2);
        }
        byte[] fine = "5 ; a = \"q\\\"d\" ; b\r\nhello\r\n0\r\nX-T: v\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(scan(fine, new int[0])).isEqualTo(fine.length);
    }
}
