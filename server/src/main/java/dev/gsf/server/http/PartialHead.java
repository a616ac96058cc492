package dev.gsf.server.http;

import static dev.gsf.server.http.HeadBytes.indexOf;

import java.util.Arrays;
import org.glassfish.grizzly.Buffer;

/**
 * One request head while its bytes arrive over several reads. Each read's new bytes are copied once and scanned once
 * (for the first line's end and the empty line that ends the head), and the checks of the first line are made again
 * only while that line has not ended: a head of {@link RequestHead#MAX_HEAD} bytes that arrives a byte per read costs
 * work in proportion to its length. Copying and scanning it from its first byte on every read, as the filter did,
 * cost about 32,768^2 = 10^9 byte steps on the selector thread for one such head. Per connection, on its reading
 * thread.
 */
final class PartialHead {
    private byte[] bytes = new byte[0]; // a head that comes in one read is copied once, at its length
    private int length; // the head's first bytes copied so far, at most MAX_HEAD + 1
    private int firstLineFeed = -1;
    private boolean lineChecked; // the first line has ended and passed RequestHead's early checks
    private int end = -1;
    private long stepped; // bytes copied or scanned, for the tests of the above

    /**
     * Takes the bytes {@code in} holds past those taken already (the reads of a head come back as one buffer from the
     * head's first byte, Grizzly keeping what a read left), up to {@link RequestHead#MAX_HEAD} + 1 in all; then what
     * they decide: {@link RequestHead#decide}'s verdict on all bytes taken, or null to wait for more.
     */
    RequestHead.Verdict take(Buffer in) {
        int start = in.position();
        int have = Math.min(in.remaining(), RequestHead.MAX_HEAD + 1);
        if (have < length) { // not the buffer it was: start over (never expected)
            length = 0;
            firstLineFeed = -1;
            lineChecked = false;
        }
        if (have > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.min(Math.max(have, 2 * bytes.length), RequestHead.MAX_HEAD + 1));
        }
        int old = length;
        in.position(start + old);
        in.get(bytes, old, have - old);
        in.position(start);
        length = have;
        if (firstLineFeed < 0) {
            firstLineFeed = indexOf(bytes, old, length, (byte) '\n');
        }
        // a line feed before old - 2 was followed by two bytes already, so the last scan decided it
        int from = Math.max(0, old - 2);
        end = RequestHead.end(bytes, from, length);
        stepped += 2L * (length - old) + (old - from);
        if (end < 0 && lineChecked && length <= RequestHead.MAX_HEAD) {
            return null; // what decide would say: the early checks look only at the first line and the size
        }
        stepped += firstLineFeed < 0 ? length : firstLineFeed + 1; // the early checks' scan of the first line
        RequestHead.Verdict verdict = RequestHead.decide(bytes, length, end);
        lineChecked = verdict == null && firstLineFeed >= 0;
        return verdict;
    }

    /** Index just past the head's empty line, once {@link #take} returned a verdict on a whole head; else -1. */
    int end() {
        return end;
    }

    /** Bytes copied or scanned by {@link #take} so far; the checks of a whole head, made once, not counted. */
    long stepped() {
        return stepped;
    }
}
