package dev.gsf.loadgen.load.workload;

import dev.gsf.common.Durations;
import java.time.Duration;
import java.util.SplittableRandom;

/**
 * The pause a closed-model client takes between downloads: none, fixed, or negative exponential around a mean
 * (Faban's two think-time distributions).
 *
 * @param meanNanos   mean pause
 * @param exponential draw from a negative exponential distribution instead of always the mean
 */
public record ThinkTime(long meanNanos, boolean exponential) {
    public static final ThinkTime NONE = new ThinkTime(0, false);

    /** "0", "100ms" (fixed) or "exp:100ms" (negative exponential with that mean). */
    public static ThinkTime parse(String text) {
        String t = text.trim();
        boolean exp = t.regionMatches(true, 0, "exp:", 0, 4);
        Duration mean = Durations.parse(exp ? t.substring(4) : t);
        return new ThinkTime(mean.toNanos(), exp);
    }

    /** The next pause; the random source belongs to the calling thread. */
    public long nextNanos(SplittableRandom random) {
        if (meanNanos == 0 || !exponential) {
            return meanNanos;
        }
        // Capped at 10 means so that one unlucky draw cannot park a client for the rest of a short run.
        return (long) Math.min(10.0 * meanNanos, -Math.log(1 - random.nextDouble()) * meanNanos);
    }

    @Override
    public String toString() {
        if (meanNanos == 0) {
            return "none";
        }
        String mean = Durations.format(Duration.ofNanos(meanNanos));
        return exponential ? "exp(mean " + mean + ")" : mean;
    }
}
