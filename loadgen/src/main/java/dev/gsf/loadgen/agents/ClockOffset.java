package dev.gsf.loadgen.agents;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How far another host's clock is from this one's, measured as Faban does: several round trips over one channel,
 * each asking the other side for its time; the round trip that was fastest bounds the error best (its reading was
 * taken at most half that round trip away from the midpoint), so its offset is kept.
 *
 * @param offsetNanos    the other clock minus this one, at the fastest round trip
 * @param roundTripNanos that round trip: the offset is known to within half of it
 */
public record ClockOffset(long offsetNanos, long roundTripNanos) {
    /** Above this fastest round trip the offset is too uncertain for agents to start together: warn. */
    public static final Duration WARN_ROUND_TRIP = Duration.ofMillis(10);
    /** Round trips per host. */
    static final int ROUNDS = 8;
    /** A shell loop that answers each line with the time in nanoseconds since the epoch (GNU date). */
    static final String RESPONDER = "while read -r _; do date +%s%N; done";

    /** This host's own clock. */
    public static final ClockOffset NONE = new ClockOffset(0, 0);

    /** Whether even the fastest round trip was too slow for the offset to be trusted to 10 ms. */
    public boolean uncertain() {
        return roundTripNanos > WARN_ROUND_TRIP.toNanos();
    }

    /** The instant on the other host's clock that is {@code local} on this one's. */
    public Instant there(Instant local) {
        return local.plusNanos(offsetNanos);
    }

    /**
     * Runs {@code command} (which must answer each line on its standard input with one line holding the epoch in
     * nanoseconds, as {@link #RESPONDER} does), makes {@link #ROUNDS} round trips and returns the fastest one's offset.
     * Blocks the caller for at most {@code timeout}; the process is gone when it returns.
     *
     * @throws IOException when the command fails, answers something else or takes longer than the timeout
     */
    public static ClockOffset measure(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread.ofVirtual().start(() -> killAfter(process, timeout));
        try (OutputStream ask = process.getOutputStream();
             BufferedReader answers = new BufferedReader(new InputStreamReader(process.getInputStream(),
                     StandardCharsets.US_ASCII))) {
            ClockOffset best = null;
            for (int i = 0; i < ROUNDS; i++) {
                long before = epochNanos();
                String line;
                try {
                    ask.write('\n');
                    ask.flush();
                    line = answers.readLine();
                } catch (IOException e) {
                    line = null; // the command has gone: said below
                }
                long after = epochNanos();
                if (line == null) {
                    throw new IOException("the clock command ended after " + i + " answers (exit "
                            + (process.waitFor(5, TimeUnit.SECONDS) ? process.exitValue() : "?") + "): "
                            + String.join(" ", command));
                }
                long there;
                try {
                    there = Long.parseLong(line.trim());
                } catch (NumberFormatException e) {
                    throw new IOException("the clock command answered '" + line + "', not nanoseconds since the epoch");
                }
                ClockOffset round = new ClockOffset(there - (before + (after - before) / 2), after - before);
                if (best == null || round.roundTripNanos < best.roundTripNanos) {
                    best = round;
                }
            }
            return best;
        } finally {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static void killAfter(Process process, Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
        }
    }

    static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
