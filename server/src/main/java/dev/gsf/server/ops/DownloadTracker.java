package dev.gsf.server.ops;

import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.results.DownloadResult;
import dev.gsf.server.results.ResultDispatcher;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one path a download's life goes through once the HTTP layer has handed it to an algorithm: it is listed among
 * the downloads in progress (the status page), counted and timed by the {@link DownloadObserver} (the metrics), and
 * its result goes to the {@link ResultDispatcher} (the results log and sinks); then the HTTP layer hears of its end
 * (its access log line, its generation released). A download is registered when it is handed to its algorithm and
 * removed when it ends, so the registry is bounded by the downloads themselves. Any thread; nothing blocks.
 */
public final class DownloadTracker {
    /** The current rate is measured over at least this long between two looks at a download. */
    private static final long RATE_WINDOW_NANOS = Duration.ofSeconds(1).toNanos();

    private final Set<Tracked> inProgress = ConcurrentHashMap.newKeySet();
    private final DownloadObserver observer;
    private final ResultDispatcher results;

    public DownloadTracker(DownloadObserver observer, ResultDispatcher results) {
        this.observer = observer;
        this.results = results;
    }

    /**
     * The listener of a download about to start: it registers and counts the download when it is
     * {@link Tracked#attach attached}, and when the download ends tells the metrics, the results and last
     * {@code then}. Called on the HTTP thread.
     */
    public Tracked track(Arrival arrival, Download.Listener then) {
        return new Tracked(arrival, then);
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
        return inProgress.stream().sorted(Comparator.comparingLong(t -> t.arrival.receivedNanos()))
                .map(t -> t.view(now)).toList();
    }

    /** One download's listener and its entry in the registry. */
    public final class Tracked implements Download.Listener {
        private final Arrival arrival;
        private final Instant receivedAt = Instant.now();
        private final Download.Listener then;
        private volatile Download download;
        private volatile long firstBytesNanos; // 0 until the first bytes
        // The last look at the rate (guarded by this): bytes and time, and the rate it gave.
        private long lookedAt;
        private long lookedBytes;
        private double rate;
        private long reported; // bytes told to the observer (guarded by this)

        private Tracked(Arrival arrival, Download.Listener then) {
            this.arrival = arrival;
            this.then = then;
            this.lookedAt = arrival.receivedNanos();
        }

        /** Registers and counts the download; returns it for the algorithm. Call before handing it over. */
        public Download attach(Download download) {
            this.download = download;
            inProgress.add(this);
            observer.started(arrival.algorithm());
            observer.encoded(arrival.contentCoding());
            return download;
        }

        @Override
        public void firstBytesSent() {
            long now = System.nanoTime();
            firstBytesNanos = now;
            observer.firstBytes(arrival.algorithm(), now - arrival.receivedNanos());
            then.firstBytesSent();
        }

        @Override
        public void ended(Outcome outcome, long bytesSent, Throwable cause) {
            long now = System.nanoTime();
            report(bytesSent);
            inProgress.remove(this);
            observer.ended(arrival.algorithm(), outcome, now - arrival.receivedNanos());
            try {
                then.ended(outcome, bytesSent, cause);
            } finally {
                if (results.enabled()) {
                    results.offer(DownloadResult.endedAt(now, arrival.receivedNanos(), firstBytesNanos,
                            arrival.client(), arrival.path(), arrival.status(), arrival.range(), bytesSent, outcome,
                            arrival.algorithm()));
                }
            }
        }

        /** Tells the observer the bytes sent since the last report; {@code bytesSent} never decreases. */
        private synchronized void report(long bytesSent) {
            if (bytesSent > reported) {
                observer.sent(arrival.algorithm(), bytesSent - reported);
                reported = bytesSent;
            }
        }

        private synchronized ActiveDownload view(long now) {
            long bytes = download.bytesSent();
            long received = arrival.receivedNanos();
            if (now - lookedAt >= RATE_WINDOW_NANOS || lookedAt == received) {
                rate = now > lookedAt ? (bytes - lookedBytes) * 1e9 / (now - lookedAt) : 0;
                if (now - lookedAt >= RATE_WINDOW_NANOS) {
                    lookedAt = now;
                    lookedBytes = bytes;
                }
            }
            return new ActiveDownload(arrival.client(), arrival.path(), arrival.range(), arrival.algorithm(),
                    receivedAt, bytes, rate);
        }
    }
}
