package dev.gsf.server.http;

import dev.gsf.conformance.Corpus;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Mutated requests for the socket driver ({@link MutatedRequestsTest}): a request of the conformance corpus changed
 * one to four times (a byte flipped, a byte that matters to a parser put in, bytes cut out, a line doubled, a number
 * changed, part of another request spliced in, the end cut off). Deterministic for a seed; one per thread.
 */
final class RequestMutator {
    private static final byte[] MATTERS = " \r\n\t:;,=-/%\"#?*\0\u0080\u00ff0123456789Hh".getBytes(StandardCharsets.ISO_8859_1);
    private static final List<byte[]> SEEDS = Corpus.builtIn().cases().stream()
            .map(c -> c.request().replaceAll("\\{(etag|last-modified) [^}]*}", "\"x\""))
            .map(r -> r.getBytes(StandardCharsets.ISO_8859_1)).toList();

    private final SplittableRandom random;

    RequestMutator(long seed) {
        random = new SplittableRandom(seed);
    }

    byte[] next() {
        byte[] b = SEEDS.get(random.nextInt(SEEDS.size()));
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            b = mutate(b);
        }
        return b;
    }

    private byte[] mutate(byte[] b) {
        int at = b.length == 0 ? 0 : random.nextInt(b.length);
        return switch (random.nextInt(7)) {
            case 0 -> { // flip a byte
                byte[] c = b.clone();
                if (c.length > 0) {
                    c[at] ^= (byte) (1 << random.nextInt(8));
                }
                yield c;
            }
            case 1 -> insert(b, at, new byte[] {MATTERS[random.nextInt(MATTERS.length)]});
            case 2 -> { // cut bytes out
                int end = Math.min(b.length, at + 1 + random.nextInt(16));
                yield concat(Arrays.copyOfRange(b, 0, at), Arrays.copyOfRange(b, end, b.length));
            }
            case 3 -> { // double the line at
                int start = lastIndexOf(b, at, (byte) '\n') + 1;
                int end = indexOf(b, at, (byte) '\n') + 1;
                yield end <= start ? b : insert(b, start, Arrays.copyOfRange(b, start, end));
            }
            case 4 -> insert(b, at, String.valueOf(random.nextInt(3) == 0 ? Long.MAX_VALUE : random.nextInt(100_000))
                    .getBytes(StandardCharsets.ISO_8859_1));
            case 5 -> { // part of another request
                byte[] other = SEEDS.get(random.nextInt(SEEDS.size()));
                int from = random.nextInt(other.length);
                yield insert(b, at, Arrays.copyOfRange(other, from, Math.min(other.length, from + 1
                        + random.nextInt(64))));
            }
            default -> Arrays.copyOf(b, at); // the end cut off
        };
    }

    private static byte[] insert(byte[] b, int at, byte[] what) {
        return concat(concat(Arrays.copyOfRange(b, 0, at), what), Arrays.copyOfRange(b, at, b.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static int indexOf(byte[] b, int from, byte wanted) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] b, int from, byte wanted) {
        for (int i = Math.min(from, b.length - 1); i >= 0; i--) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
