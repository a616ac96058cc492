package dev.gsf.server.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lengths of the frames a connection received, read from their 9-byte headers as the bytes arrive: Jetty's parser
 * hands a DATA frame longer than one read in pieces, so a frame's length is seen only here. One reader thread feeds it.
 */
final class FrameLengths {
    private static final int HEADER = 9;
    private static final int DATA = 0;

    private final byte[] header = new byte[HEADER];
    private int headerRead;
    /** Payload bytes of the current frame still to come. */
    private long payloadLeft;
    private volatile int largestData;
    /** Each stream's first DATA frame's length, by stream id. */
    private final Map<Integer, Integer> firstData = new ConcurrentHashMap<>();

    /** Takes the next {@code length} bytes the connection read. */
    void track(byte[] bytes, int length) {
        int i = (int) Math.min(payloadLeft, length); // the rest of a payload begun in an earlier read
        payloadLeft -= i;
        while (i < length) {
            header[headerRead++] = bytes[i++];
            if (headerRead == HEADER) {
                int frameLength = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | header[2] & 0xff;
                if (header[3] == DATA) {
                    largestData = Math.max(largestData, frameLength);
                    int stream = (header[5] & 0x7f) << 24 | (header[6] & 0xff) << 16 | (header[7] & 0xff) << 8
                            | header[8] & 0xff;
                    firstData.putIfAbsent(stream, frameLength);
                }
                headerRead = 0;
                int skipped = (int) Math.min(frameLength, length - i);
                i += skipped;
                payloadLeft = frameLength - skipped;
            }
        }
    }

    /** Stream {@code id}'s first DATA frame's length; -1 when none came. */
    int firstData(int id) {
        return firstData.getOrDefault(id, -1);
    }

    /** The longest DATA frame's length (its payload, with any padding). */
    int largestData() {
        return largestData;
    }
}
