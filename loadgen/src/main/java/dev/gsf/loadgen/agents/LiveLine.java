package dev.gsf.loadgen.agents;

import java.io.PrintStream;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The coordinator's live line, fed with every line an agent writes to its standard error. An agent's progress
 * line (it writes one per interval, see {@code --agent}) updates that agent's figures: on a terminal one line is
 * rewritten in place with the sum over the agents, otherwise each agent's own line is printed, prefixed with its
 * name, every 10 s. Any other line (a first error, a warning) is printed at once, prefixed. Called by the agents'
 * reader threads; synchronized, prints and returns.
 */
final class LiveLine {
    /** gsf load's progress line (report.Progress): phase, time left, connections, active, MB/s, downloads, errors. */
    private static final Pattern PROGRESS = Pattern.compile(
            "^(\\S+)\\s+(\\d+)s left\\s+clients\\s+(\\d+)\\s+active\\s+(\\d+)\\s+([\\d.]+) MB/s\\s+(\\d+) downloads\\s+(\\d+) errors");
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

    private final PrintStream log;
    private final boolean terminal;
    private final Matcher[] latest;
    private final long[] lastPlain;
    private boolean lineOpen;

    LiveLine(PrintStream log, boolean terminal, int agents) {
        this.log = log;
        this.terminal = terminal;
        this.latest = new Matcher[agents];
        this.lastPlain = new long[agents];
        java.util.Arrays.fill(lastPlain, System.nanoTime() - PLAIN_EVERY_NANOS);
    }

    synchronized void line(Agent agent, String line) {
        if (line.isBlank()) {
            return;
        }
        Matcher m = PROGRESS.matcher(line.strip());
        if (!m.find()) {
            endLine();
            log.println("[" + agent.name() + "] " + line.strip());
            return;
        }
        latest[agent.index()] = m;
        if (terminal) {
            log.print("\r" + total() + "   ");
            log.flush();
            lineOpen = true;
        } else if (System.nanoTime() - lastPlain[agent.index()] >= PLAIN_EVERY_NANOS) {
            log.println("[" + agent.name() + "] " + line.strip());
            lastPlain[agent.index()] = System.nanoTime();
        }
    }

    /** Ends an open in-place line, so that what follows starts on a fresh one. */
    synchronized void endLine() {
        if (lineOpen) {
            log.println();
            lineOpen = false;
        }
    }

    /** The agents' figures summed, in the phase and time left of the agent with the most left. */
    private String total() {
        String phase = "";
        long left = -1;
        long clients = 0;
        long active = 0;
        double mbs = 0;
        long downloads = 0;
        long errors = 0;
        int reporting = 0;
        for (Matcher m : latest) {
            if (m == null) {
                continue;
            }
            reporting++;
            if (Long.parseLong(m.group(2)) > left) {
                left = Long.parseLong(m.group(2));
                phase = m.group(1);
            }
            clients += Long.parseLong(m.group(3));
            active += Long.parseLong(m.group(4));
            mbs += Double.parseDouble(m.group(5));
            downloads += Long.parseLong(m.group(6));
            errors += Long.parseLong(m.group(7));
        }
        return String.format(Locale.ROOT, "%-9s %5ds left  agents %d/%d  clients %6d  active %6d  %9.2f MB/s  %7d downloads  %d errors",
                phase, left, reporting, latest.length, clients, active, mbs, downloads, errors);
    }
}
