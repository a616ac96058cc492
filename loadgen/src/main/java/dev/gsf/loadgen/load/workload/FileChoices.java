package dev.gsf.loadgen.load.workload;

import java.util.SplittableRandom;

/**
 * The random streams of a run, one per global client number (its file choices and think times) and one per global
 * arrival number (open model: its file), each a function of the seed and the number alone. So a client draws the
 * same files whichever event loop or segment runs it, and {@code --seed} reproduces a segmented run exactly.
 */
public final class FileChoices {
    private static final long ARRIVALS = 0x5851F42D4C957F2DL;

    private FileChoices() {
    }

    /** Client {@code globalIndex}'s stream; belongs to the thread that runs the client. */
    public static SplittableRandom client(long seed, long globalIndex) {
        return new SplittableRandom(mix(mix(seed) + globalIndex));
    }

    /** Open model: the stream that picks arrival {@code globalIndex}'s file. */
    public static SplittableRandom arrival(long seed, long globalIndex) {
        return new SplittableRandom(mix(mix(seed ^ ARRIVALS) + globalIndex));
    }

    /**
     * A bijective 64-bit mix (xor-shift-multiply), so that neighbouring numbers seed unrelated streams: the seeds of
     * SplittableRandom streams that differ by a multiple of its increment would give overlapping streams.
     */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
