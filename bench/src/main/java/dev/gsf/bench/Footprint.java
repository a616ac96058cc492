package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * What a server process costs the machine while it runs, sampled once a second from /proc: resident memory and open
 * file descriptors of the process and its children (nginx's workers), and the kernel's TCP memory for all sockets
 * ({@code /proc/net/sockstat}, both ends of loopback connections counting). Keeps the largest value seen, and the
 * CPU time the processes have used at each sample, how much of it the JVM's JIT compiler threads used, and beside them
 * the CPU time of this JVM (where the benchmark runs its load generator) and of the whole machine, so that a window's
 * CPU, its share of compilation, and whether a server's low figure moved work to its clients' side of loopback (the
 * kernel sends a socket's queued bytes in whichever process's call or softirq the receiver's window update lands) can
 * be read afterwards.
 *
 * <p>Sampled on its own daemon thread; {@link #close()} stops it and the maxima stay readable.
 */
final class Footprint implements AutoCloseable {
    private static final long PAGE = 4096;

    /** The largest values seen; -1 where /proc did not tell (not Linux). */
    record Max(long rssBytes, long fds, long tcpMemBytes) {
    }

    private final ProcessHandle process;
    private final AtomicLong rss = new AtomicLong(-1);
    private final AtomicLong fds = new AtomicLong(-1);
    private final AtomicLong tcpMem = new AtomicLong(-1);
    private final List<CpuSample> cpu = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("footprint").factory());

    Footprint(ProcessHandle process) {
        this.process = process;
        sampler.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    Max max() {
        return new Max(rss.get(), fds.get(), tcpMem.get());
    }

    /**
     * CPU seconds (user and system) the processes had used at a wall-clock time, epoch milliseconds, and of them the
     * threads named as HotSpot's C1 and C2 compiler threads (0 for a process that has none, as nginx); this JVM's own
     * CPU seconds, and the machine's busy CPU seconds over all its CPUs (NaN where /proc/stat did not tell).
     */
    private record CpuSample(long epochMillis, double seconds, double compilerSeconds, double ownSeconds,
                             double machineSeconds) {
    }

    /**
     * The processes' CPU use between two wall-clock times in cores busy (CPU seconds per second), from the first and
     * last samples inside the window; NaN when fewer than two samples fall inside it or /proc did not tell.
     */
    double cpuCoresBetween(long fromEpochMillis, long toEpochMillis) {
        return coresBetween(fromEpochMillis, toEpochMillis, CpuSample::seconds);
    }

    /**
     * As {@link #cpuCoresBetween}, the JIT compiler threads' part only: the one-time cost of a JVM's warm-up that
     * falls in a window (docs/results/2026-11-28-tls-slow-clients-profile.md). A compiler thread that ends inside the
     * window takes its ticks with it, so this can only be low, never below 0.
     */
    double compilerCoresBetween(long fromEpochMillis, long toEpochMillis) {
        return Math.max(0, coresBetween(fromEpochMillis, toEpochMillis, CpuSample::compilerSeconds));
    }

    /** As {@link #cpuCoresBetween}, for this JVM: the load generator a benchmark runs in its own process. */
    double ownCoresBetween(long fromEpochMillis, long toEpochMillis) {
        return coresBetween(fromEpochMillis, toEpochMillis, CpuSample::ownSeconds);
    }

    /**
     * As {@link #cpuCoresBetween}, for the whole machine: every CPU's user, nice, system, irq, softirq and steal time
     * ({@code /proc/stat}), whoever used it (the server, the clients, kernel threads such as ksoftirqd, anything else).
     */
    double machineCoresBetween(long fromEpochMillis, long toEpochMillis) {
        return coresBetween(fromEpochMillis, toEpochMillis, CpuSample::machineSeconds);
    }

    private double coresBetween(long fromEpochMillis, long toEpochMillis, ToDoubleFunction<CpuSample> seconds) {
        List<CpuSample> inside = cpu.stream()
                .filter(s -> s.epochMillis() >= fromEpochMillis && s.epochMillis() <= toEpochMillis).toList();
        if (inside.size() < 2) {
            return Double.NaN;
        }
        CpuSample first = inside.getFirst();
        CpuSample last = inside.getLast();
        return (seconds.applyAsDouble(last) - seconds.applyAsDouble(first)) * 1000.0
                / (last.epochMillis() - first.epochMillis());
    }

    private void sample() {
        List<ProcessHandle> all = Stream.concat(Stream.of(process), process.descendants()).toList();
        double seconds = cpuSeconds(all);
        if (!Double.isNaN(seconds)) {
            cpu.add(new CpuSample(System.currentTimeMillis(), seconds,
                    sum(all, Footprint::compilerTicks) / CLOCK_TICKS_PER_SECOND,
                    cpuTicks(ProcessHandle.current().pid()) / CLOCK_TICKS_PER_SECOND, machineBusySeconds()));
        }
        rss.accumulateAndGet(sum(all, Footprint::rssBytes), Math::max);
        fds.accumulateAndGet(sum(all, Footprint::openFds), Math::max);
        tcpMem.accumulateAndGet(tcpMemBytes(), Math::max);
    }

    private static long sum(List<ProcessHandle> processes, java.util.function.ToLongFunction<Long> of) {
        long total = 0;
        boolean any = false;
        for (ProcessHandle p : processes) {
            long v = of.applyAsLong(p.pid());
            if (v >= 0) {
                total += v;
                any = true;
            }
        }
        return any ? total : -1;
    }

    /** USER_HZ, the unit of /proc/PID/stat's times: 100 on every Linux architecture this runs on. */
    private static final double CLOCK_TICKS_PER_SECOND = 100;

    /**
     * CPU seconds (utime + stime of /proc/PID/stat) that {@code process} and its descendants (nginx's workers) have
     * used; NaN when /proc did not tell (not Linux).
     */
    static double cpuSeconds(ProcessHandle process) {
        return cpuSeconds(Stream.concat(Stream.of(process), process.descendants()).toList());
    }

    private static double cpuSeconds(List<ProcessHandle> processes) {
        long ticks = sum(processes, Footprint::cpuTicks);
        return ticks < 0 ? Double.NaN : ticks / CLOCK_TICKS_PER_SECOND;
    }

    /**
     * Busy CPU seconds of the machine since boot, all CPUs together: the user, nice, system, irq, softirq and steal
     * fields of /proc/stat's "cpu" line (guest time is inside user already); NaN when unreadable.
     */
    static double machineBusySeconds() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/stat"))) {
            String[] f = lines.filter(l -> l.startsWith("cpu ")).findFirst().orElseThrow().trim().split("\\s+");
            long ticks = 0;
            for (int field : new int[] {1, 2, 3, 6, 7, 8}) { // user nice system [idle iowait] irq softirq steal
                ticks += Long.parseLong(f[field]);
            }
            return ticks / CLOCK_TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** utime + stime of /proc/PID/stat in clock ticks, -1 when unreadable. */
    static long cpuTicks(long pid) {
        return ticks(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** utime + stime of a /proc stat file (a process's or a thread's) in clock ticks, -1 when unreadable. */
    private static long ticks(Path statFile) {
        try {
            String stat = Files.readString(statFile);
            // The command name, field 2, may hold spaces: count the fields after its closing parenthesis.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of the whole line
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * utime + stime of the threads of {@code pid} named "C1 CompilerThread" or "C2 CompilerThread" (the kernel keeps 15
     * characters of a name), in clock ticks; 0 when it has none or /proc did not tell.
     */
    static long compilerTicks(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.filter(Footprint::isCompilerThread).mapToLong(t -> Math.max(0, ticks(t.resolve("stat"))))
                    .sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static boolean isCompilerThread(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm"));
            return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
        } catch (IOException e) {
            return false; // the thread ended
        }
    }

    /** VmRSS of /proc/PID/status in bytes, -1 when unreadable (the process ended, or not Linux). */
    static long rssBytes(long pid) {
        long kilobytes = statusField(pid, "VmRSS:");
        return kilobytes < 0 ? -1 : kilobytes * 1024;
    }

    /** The number after {@code field} in /proc/PID/status (VmRSS: in kB, Threads: a count), -1 when unreadable. */
    static long statusField(long pid, String field) {
        try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "status"))) {
            return lines.filter(l -> l.startsWith(field)).findFirst()
                    .map(l -> Long.parseLong(l.substring(field.length()).trim().split("\\s+")[0])).orElse(-1L);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Entries of /proc/PID/fd, -1 when unreadable. */
    static long openFds(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The "mem" pages of the TCP line of /proc/net/sockstat in bytes, -1 when unreadable. */
    static long tcpMemBytes() {
        long pages = sockstatTcp("mem");
        return pages < 0 ? -1 : pages * PAGE;
    }

    /** The TCP sockets a process holds, and the bytes queued in those that are not listening. */
    record SocketQueues(long sockets, long queuedBytes) {
    }

    /**
     * The TCP sockets process {@code pid} holds (its socket descriptors, matched by inode to /proc/net/tcp and tcp6)
     * and the bytes queued in them: sent but not yet acknowledged plus received but not yet read. Unlike the kernel's
     * TCP memory, other processes' sockets do not move it. A listening socket counts, its accept queue does not. Null
     * when unreadable.
     */
    static SocketQueues socketQueues(long pid) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // closed between the listing and the read
                }
            });
            long sockets = 0;
            long queued = 0;
            for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
                List<String> lines = Files.readAllLines(Path.of(table));
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode ...
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && inodes.contains(f[9])) {
                        sockets++;
                        if (!f[3].equals("0A")) { // 0A: LISTEN
                            int colon = f[4].indexOf(':');
                            queued += Long.parseLong(f[4], 0, colon, 16) + Long.parseLong(f[4], colon + 1,
                                    f[4].length(), 16);
                        }
                    }
                }
            }
            return new SocketQueues(sockets, queued);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The value after {@code field} ("inuse", "mem" ...) on the TCP line of /proc/net/sockstat, -1 when unreadable. */
    static long sockstatTcp(String field) {
        try (Stream<String> lines = Files.lines(Path.of("/proc/net/sockstat"))) {
            return lines.filter(l -> l.startsWith("TCP:")).findFirst().map(l -> {
                String[] words = l.trim().split("\\s+");
                for (int i = 1; i + 1 < words.length; i++) {
                    if (words[i].equals(field)) {
                        return Long.parseLong(words[i + 1]);
                    }
                }
                return -1L;
            }).orElse(-1L);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        sampler.shutdownNow();
    }
}
