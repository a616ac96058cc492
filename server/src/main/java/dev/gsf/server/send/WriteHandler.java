package dev.gsf.server.send;

import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.WriteResult;

/**
 * A Grizzly write's end told to a {@link Written}: Grizzly reports it to a {@link CompletionHandler}, the sinks and
 * the algorithms speak {@link Written}. A cancelled write (its connection closed under it) has failed. The one
 * adapter of every write the server hands to Grizzly, the head's, a section's and a TLS record's (a record of the SSL
 * filter's writes passes Grizzly's own handler on: {@link #releasing(Runnable, CompletionHandler)}).
 *
 * <p>Threads: Grizzly calls it on the thread that completes the write (the writing one or a selector thread).
 */
public final class WriteHandler implements CompletionHandler<WriteResult> {
    /** For a write whose end nobody needs to hear of. */
    public static final Written NOTHING = new Written() {
        @Override
        public void completed() {
        }

        @Override
        public void failed(Throwable cause) {
        }
    };

    /** What the write held that goes back once it ended, whichever way; null for nothing. */
    private final Runnable release;
    private final Written done;

    private WriteHandler(Runnable release, Written done) {
        this.release = release;
        this.done = done;
    }

    /** Tells {@code done} how the write ended. */
    public static CompletionHandler<WriteResult> of(Written done) {
        return new WriteHandler(null, done);
    }

    /** Runs {@code release} (a pooled buffer going back), then tells {@code done}, however the write ended. */
    public static CompletionHandler<WriteResult> releasing(Runnable release, Written done) {
        return new WriteHandler(release, done);
    }

    /**
     * Runs {@code release} (a pooled buffer going back), then tells {@code then} (nobody, when null) how the write
     * ended: for a write whose caller speaks Grizzly's handler, as the SSL filter's writes do.
     */
    public static CompletionHandler<WriteResult> releasing(Runnable release, CompletionHandler<WriteResult> then) {
        return new CompletionHandler<>() {
            @Override
            public void completed(WriteResult result) {
                release.run();
                if (then != null) {
                    then.completed(result);
                }
            }

            @Override
            public void failed(Throwable cause) {
                release.run();
                if (then != null) {
                    then.failed(cause);
                }
            }

            @Override
            public void cancelled() {
                release.run();
                if (then != null) {
                    then.cancelled();
                }
            }

            @Override
            public void updated(WriteResult result) {
                if (then != null) {
                    then.updated(result);
                }
            }
        };
    }

    @Override
    public void completed(WriteResult result) {
        if (release != null) {
            release.run();
        }
        done.completed();
    }

    @Override
    public void failed(Throwable cause) {
        if (release != null) {
            release.run();
        }
        done.failed(cause);
    }

    @Override
    public void cancelled() {
        failed(new IOException("write cancelled"));
    }

    @Override
    public void updated(WriteResult result) {
    }
}
