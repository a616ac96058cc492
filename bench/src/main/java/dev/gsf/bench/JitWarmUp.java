package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * A warm-up that lasts until the server's JIT has done its work, not only a fixed time. A JVM server's compiler threads
 * run in its process, so their CPU is in the CPU per response a round records; pinned to one core they also take it
 * from the server's own threads. After a warm-up of compare's length on 1 MB over TLS the compiler threads still took
 * 2-37% of a pinned server's CPU (methods run once per response reach C2's thresholds only after some 10,000
 * responses), and the rounds that measured that fell on a level of their own
 * (docs/results/2026-11-28-tls-1mb-two-levels.md). So the last {@link #STEP} of a warm-up of {@link #MIN_WARM_UP} or
 * more is measured, and steps of the same load follow while the compiler threads took more than {@link #QUIET_SHARE}
 * of the process's CPU in the step, {@link #MAX_STEPS} at most. That made the JIT's median share of a round 3% instead
 * of 18%; it comes in bursts, so some rounds still carry it (their progress line says how much). A process without
 * HotSpot compiler threads (nginx) gets the warm-up as given.
 *
 * <p>Threads: the benchmark's; it reads /proc only.
 */
final class JitWarmUp {
    /** One measured step of warm-up load. */
    static final Duration STEP = Duration.ofSeconds(2);
    /** Steps after the first at most, so a JIT that never settles costs a bounded time (20 s a server and file). */
    static final int MAX_STEPS = 10;
    /** The compiler threads' share of the process's CPU in a step under which its JIT counts as settled. */
    static final double QUIET_SHARE = 0.05;
    /**
     * Shorter warm-ups run as given: asked for by runs that chose speed over settled figures (--quick's 3 s, a later
     * pass's 1 s on servers already warm, the tests' 1 s), whose time the steps would multiply.
     */
    static final Duration MIN_WARM_UP = Duration.ofSeconds(10);

    /** The load of one step or of the warm-up's head. */
    interface Load {
        void run(Duration duration) throws IOException;
    }

    /** What a warm-up did: its measured steps and the compiler threads' share of CPU in the last one (NaN: none). */
    record Settled(int steps, double compilerShare) {
        boolean quiet() {
            return steps == 0 || compilerShare <= QUIET_SHARE;
        }
    }

    private JitWarmUp() {
    }

    /**
     * Runs {@code warmUp} of {@code load} against {@code process}; when it is a JVM and the warm-up is at least
     * {@link #MIN_WARM_UP}, its last {@link #STEP} is measured and steps follow until its JIT is quiet or
     * {@link #MAX_STEPS} more ran.
     */
    static Settled run(ProcessHandle process, Duration warmUp, Load load) throws IOException {
        long pid = process.pid();
        if (warmUp.compareTo(MIN_WARM_UP) < 0 || compilerTicks(pid) < 0) {
            load.run(warmUp);
            return new Settled(0, Double.NaN);
        }
        load.run(warmUp.minus(STEP));
        double share = Double.NaN;
        for (int steps = 1; steps <= MAX_STEPS + 1; steps++) {
            long compiler = compilerTicks(pid);
            long all = Footprint.cpuTicks(pid);
            load.run(STEP);
            share = share(compilerTicks(pid) - compiler, Footprint.cpuTicks(pid) - all);
            if (share <= QUIET_SHARE) {
                return new Settled(steps, share);
            }
        }
        return new Settled(MAX_STEPS + 1, share);
    }

    /** The compiler's share of a step's CPU ticks; 0 for a step that used none (nothing left to compile either). */
    static double share(long compilerTicks, long allTicks) {
        return allTicks <= 0 ? 0 : Math.max(0, compilerTicks) / (double) allTicks;
    }

    /**
     * CPU ticks (utime + stime) of the HotSpot compiler threads of process {@code pid} ("C1 CompilerThread0", "C2
     * CompilerThread0" ..., shortened to 15 characters in /proc/PID/task/TID/comm); -1 when it has none (not a JVM,
     * or not Linux).
     */
    static long compilerTicks(long pid) {
        long ticks = 0;
        boolean any = false;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                if (isCompiler(task)) {
                    long t = threadTicks(task);
                    ticks += Math.max(0, t);
                    any = true;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return any ? ticks : -1;
    }

    private static boolean isCompiler(Path task) {
        try {
            String name = Files.readString(task.resolve("comm")).strip();
            return name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler");
        } catch (IOException e) {
            return false; // the thread ended
        }
    }

    /** utime + stime of one thread's stat, -1 when it ended. */
    private static long threadTicks(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
