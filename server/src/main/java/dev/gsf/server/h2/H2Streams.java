package dev.gsf.server.h2;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's streams: those open, by id, admitted up to {@link H2Connection#MAX_STREAMS} at once, counted, and
 * forgotten once ended; the highest stream id the client has used (a frame on a higher one is on an idle stream); and
 * the send window a new stream starts with (the client's SETTINGS_INITIAL_WINDOW_SIZE), applied to the open ones
 * when it changes.
 *
 * <p>Threads: the table is concurrent (a stream ends on whichever thread finishes or fails it); the ids and the
 * initial window are the reading thread's; {@link #admit} is called under the connection's lock, which orders it with
 * a drain's GOAWAY.
 */
final class H2Streams {
    private final Map<Integer, H2Stream> open = new ConcurrentHashMap<>();
    private final H2Counts counts;
    private final H2Connection connection;
    private int lastId;
    private long initialWindow = 65_535;

    H2Streams(H2Connection connection, H2Counts counts) {
        this.connection = connection;
        this.counts = counts;
    }

    /** Stream {@code id}, opened and counted; null when {@link H2Connection#MAX_STREAMS} are open already. */
    H2Stream admit(int id) {
        if (open.size() >= H2Connection.MAX_STREAMS) {
            return null;
        }
        H2Stream stream = new H2Stream(id, initialWindow, connection);
        open.put(id, stream);
        counts.streamAdmitted();
        return stream;
    }

    /** Removes {@code stream} from those open (counted); false when it was gone already. */
    boolean forget(H2Stream stream) {
        boolean removed = open.remove(stream.id, stream);
        if (removed) {
            counts.streamGone();
        }
        return removed;
    }

    /** The open stream {@code id}, or null. */
    H2Stream get(int id) {
        return open.get(id);
    }

    boolean isEmpty() {
        return open.isEmpty();
    }

    /** The streams open now (a live view). */
    Collection<H2Stream> all() {
        return open.values();
    }

    /** The highest stream id the client has used (GOAWAY's last stream id when the client is at fault). */
    int lastId() {
        return lastId;
    }

    /** Whether {@code id} is above every id the client has used: a frame on it is on an idle stream. */
    boolean idle(int id) {
        return id > lastId;
    }

    /** The client used stream {@code id}. */
    void seen(int id) {
        lastId = Math.max(lastId, id);
    }

    /**
     * The client's SETTINGS_INITIAL_WINDOW_SIZE: new streams start with {@code value}, and every open stream's window
     * moves by the change (through {@code writer}, which guards the windows); false when one would pass 2^31-1.
     */
    boolean initialWindow(int value, H2Writer writer) {
        long delta = value - initialWindow;
        initialWindow = value;
        for (H2Stream stream : open.values()) {
            if (!writer.openWindow(stream, delta)) {
                return false;
            }
        }
        return true;
    }
}
