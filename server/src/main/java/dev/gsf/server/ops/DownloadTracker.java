package dev.gsf.server.ops;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.files.ByteRange;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The downloads in progress (for the status page) and the {@link DownloadObserver} told of each one's life (for
 * metrics). A download is registered when it is handed to its algorithm and removed when it ends, so the registry is
 * bounded by the downloads themselves. Any thread; nothing blocks.
 */
public final class DownloadTracker {
    /** The current rate is measured over at least this long between two looks at a download. */
    private static final long RATE_WINDOW_NANOS = Duration.ofSeconds(1).toNanos();

    private final Set<Tracked> inProgress = ConcurrentHashMap.newKeySet();
    private final DownloadObserver observer;

    public DownloadTracker(DownloadObserver observer) {
        this.observer = observer;
    }

    /**
     * A listener for a download that is about to start: it registers and counts the download when it is
     * {@link Tracked#attach attached}, and tells {@code then} everything it is told.
     *
     * @param received System.nanoTime() when the request arrived
     */
    public Tracked track(long received, String client, String path, ByteRange range, Algorithm algorithm,
                  Download.Listener then) {
        return new Tracked(received, client, path, range, algorithm, then);
    }

    /** A request was refused with 503 (queue full). */
    public void rejected() {
        observer.rejected();
    }

    /** Tells the observer the bytes each download in progress has sent since it was last told. */
    public void reportProgress() {
        for (Tracked t : inProgress) {
            t.report(t.download.bytesSent());
        }
    }

    /** The downloads in progress now, oldest first. */
    public List<ActiveDownload> inProgress() {
        long now = System.nanoTime();
        return inProgress.stream().sorted(Comparator.comparingLong(t -> t.received)).map(t -> t.view(now)).toList();
    }

    /** One download's listener and its entry in the registry. */
    public final class Tracked implements Download.Listener {
        private final long received;
        private final Instant receivedAt = Instant.now();
        private final String client;
        private final String path;
        private final ByteRange range;
        private final Algorithm algorithm;
        private final Download.Listener then;
        private volatile Download download;
        // The last look at the rate (guarded by this): bytes and time, and the rate it gave.
        private long lookedAt;
        private long lookedBytes;
        private double rate;
        private long reported; // bytes told to the observer (guarded by this)

        private Tracked(long received, String client, String path, ByteRange range, Algorithm algorithm,
                        Download.Listener then) {
            this.received = received;
            this.client = client;
            this.path = path;
            this.range = range;
            this.algorithm = algorithm;
            this.then = then;
            this.lookedAt = received;
        }

        /** Registers and counts the download; returns it for the algorithm. Call before handing it over. */
        public Download attach(Download download) {
            this.download = download;
            inProgress.add(this);
            observer.started(algorithm);
            return download;
        }

        @Override
        public void firstBytesSent() {
            observer.firstBytes(algorithm, System.nanoTime() - received);
            then.firstBytesSent();
        }

        @Override
        public void ended(Outcome outcome, long bytesSent, Throwable cause) {
            report(bytesSent);
            inProgress.remove(this);
            observer.ended(algorithm, outcome, System.nanoTime() - received);
            then.ended(outcome, bytesSent, cause);
        }

        /** Tells the observer the bytes sent since the last report; {@code bytesSent} never decreases. */
        private synchronized void report(long bytesSent) {
            if (bytesSent > reported) {
                observer.sent(algorithm, bytesSent - reported);
                reported = bytesSent;
            }
        }

        private synchronized ActiveDownload view(long now) {
            long bytes = download.bytesSent();
            if (now - lookedAt >= RATE_WINDOW_NANOS || lookedAt == received) {
                rate = now > lookedAt ? (bytes - lookedBytes) * 1e9 / (now - lookedAt) : 0;
                if (now - lookedAt >= RATE_WINDOW_NANOS) {
                    lookedAt = now;
                    lookedBytes = bytes;
                }
            }
            return new ActiveDownload(client, path, range.start(), range.length(), algorithm, receivedAt, bytes, rate);
        }
    }
}
