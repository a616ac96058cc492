package dev.gsf.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server process holds at one moment, for the soak's baseline-versus-end comparison: open fds and threads
 * (/proc), heap in use right after a full GC (asked of the process with {@code jcmd PID GC.run} then
 * {@code GC.heap_info}), its TCP sockets and the bytes queued in them ({@link Footprint#socketQueues}), and, for
 * the reader, the kernel's TCP socket memory and sockets in use (/proc/net/sockstat, machine-wide: other processes
 * move them). -1 where it could not be read (no process, not Linux, no jcmd). Blocking; any thread.
 */
record ServerState(long fds, long threads, long heapAfterGcBytes, long tcpSockets, long tcpQueuedBytes,
                   long tcpMemBytes, long tcpInUse) {
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    /** Reads it now; process may be null (an external server: only the kernel's figures). */
    static ServerState of(ProcessHandle process) {
        ServerState now = withoutGc(process);
        long heap = process == null ? -1 : heapAfterFullGc(process.pid());
        return new ServerState(now.fds, now.threads, heap, now.tcpSockets, now.tcpQueuedBytes, now.tcpMemBytes,
                now.tcpInUse);
    }

    /** The same without the full GC: cheap enough to poll while waiting for the server to settle. */
    static ServerState withoutGc(ProcessHandle process) {
        long pid = process == null ? -1 : process.pid();
        Footprint.SocketQueues sockets = pid < 0 ? null : Footprint.socketQueues(pid);
        return new ServerState(pid < 0 ? -1 : Footprint.openFds(pid), pid < 0 ? -1 : Footprint.statusField(pid,
                "Threads:"), -1, sockets == null ? -1 : sockets.sockets(), sockets == null ? -1 : sockets.queuedBytes(),
                Footprint.tcpMemBytes(), Footprint.sockstatTcp("inuse"));
    }

    /** Heap used after {@code jcmd PID GC.run}, from the first "used NK" of {@code GC.heap_info}; -1 if not told. */
    static long heapAfterFullGc(long pid) {
        if (jcmd(pid, "GC.run") == null) {
            return -1;
        }
        String info = jcmd(pid, "GC.heap_info");
        Matcher m = info == null ? null : HEAP_USED.matcher(info);
        return m != null && m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
    }

    private static String jcmd(long pid, String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
