package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the kernel's TCP did to every connection on the machine, from the TcpExt counters of /proc/net/netstat: the
 * evidence that a many-clients run was limited by the kernel's TCP memory (tcp_mem) rather than by the server. Under
 * pressure a receive queue that already holds data drops new segments, and each drop costs the connection a
 * retransmission timeout (200 ms at least, doubling while it repeats): a throttled client whose queue ran dry waits
 * that long for its next bytes, whichever server sends them. Counters are machine-wide and since boot; a run reports
 * the difference ({@link #since}). A counter this kernel does not have reads as 0; -1 in every field when the file is
 * unreadable.
 *
 * @param abortsOnMemory     connections reset for lack of memory (TCPAbortOnMemory)
 * @param pressureMillis     time spent under tcp_mem pressure (TCPMemoryPressuresChrono)
 * @param receiveQueueDrops  segments dropped because the receive queue could not take them (TCPRcvQDrop)
 * @param retransmitTimeouts retransmission timeouts (TCPTimeouts)
 */
record KernelTcp(long abortsOnMemory, long pressureMillis, long receiveQueueDrops, long retransmitTimeouts) {

    static final KernelTcp UNREADABLE = new KernelTcp(-1, -1, -1, -1);

    static KernelTcp read() {
        return read(Path.of("/proc/net/netstat"));
    }

    /** The counters of a file in /proc/net/netstat's form: a line of names, then a line of values, per protocol. */
    static KernelTcp read(Path netstat) {
        try {
            List<String> lines = Files.readAllLines(netstat);
            for (int i = 0; i + 1 < lines.size(); i += 2) {
                String[] names = lines.get(i).trim().split("\\s+");
                String[] values = lines.get(i + 1).trim().split("\\s+");
                if (names[0].equals("TcpExt:") && values[0].equals("TcpExt:")) {
                    return new KernelTcp(counter(names, values, "TCPAbortOnMemory"),
                            counter(names, values, "TCPMemoryPressuresChrono"), counter(names, values, "TCPRcvQDrop"),
                            counter(names, values, "TCPTimeouts"));
                }
            }
            return UNREADABLE;
        } catch (IOException | RuntimeException e) {
            return UNREADABLE;
        }
    }

    private static long counter(String[] names, String[] values, String name) {
        for (int k = 1; k < names.length && k < values.length; k++) {
            if (names[k].equals(name)) {
                return Long.parseLong(values[k]);
            }
        }
        return 0;
    }

    /** What happened between {@code before} and this reading; unreadable when either was. */
    KernelTcp since(KernelTcp before) {
        if (abortsOnMemory < 0 || before.abortsOnMemory < 0) {
            return UNREADABLE;
        }
        return new KernelTcp(abortsOnMemory - before.abortsOnMemory, pressureMillis - before.pressureMillis,
                receiveQueueDrops - before.receiveQueueDrops, retransmitTimeouts - before.retransmitTimeouts);
    }

    /** Time under pressure in seconds, -1 when unreadable. */
    double pressureSeconds() {
        return pressureMillis < 0 ? -1 : pressureMillis / 1000.0;
    }

    /** For the progress line: empty when the kernel was never under pressure. */
    String describePressure() {
        if (pressureMillis <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, "; kernel under tcp_mem pressure %.0f s: %d segments dropped at"
                + " receive queues, %d retransmission timeouts (machine-wide: a limit for any server)",
                pressureSeconds(), receiveQueueDrops, retransmitTimeouts);
    }
}
