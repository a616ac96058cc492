package dev.gsf.loadgen.agents;

import dev.gsf.loadgen.load.report.ProgressLine;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The coordinator's live line, fed with every line an agent writes to its standard error. An agent's progress
 * line (a {@link ProgressLine}, one per interval, see {@code --agent}) updates that agent's figures: on a terminal one
 * line is rewritten in place with the sum over the agents, otherwise each agent's own line is printed, prefixed with
 * its name, every 10 s. Any other line (a first error, a warning) is printed at once, prefixed. Called by the agents'
 * reader threads; synchronized, prints and returns.
 */
final class LiveLine {
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

    private final PrintStream log;
    private final boolean terminal;
    private final ProgressLine[] latest;
    private final long[] lastPlain;
    private boolean lineOpen;

    LiveLine(PrintStream log, boolean terminal, int agents) {
        this.log = log;
        this.terminal = terminal;
        this.latest = new ProgressLine[agents];
        this.lastPlain = new long[agents];
        java.util.Arrays.fill(lastPlain, System.nanoTime() - PLAIN_EVERY_NANOS);
    }

    synchronized void line(Agent agent, String line) {
        if (line.isBlank()) {
            return;
        }
        ProgressLine progress = ProgressLine.parse(line.strip());
        if (progress == null) {
            endLine();
            log.println("[" + agent.name() + "] " + line.strip());
            return;
        }
        latest[agent.index()] = progress;
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
        for (ProgressLine p : latest) {
            if (p == null) {
                continue;
            }
            reporting++;
            if ((long) p.secondsLeft() > left) {
                left = (long) p.secondsLeft(); // whole seconds, as the line gave them
                phase = p.phase();
            }
            clients += p.clients();
            active += p.active();
            mbs += p.mbPerSecond();
            downloads += p.downloads();
            errors += p.errors();
        }
        return String.format(Locale.ROOT, "%-9s %5ds left  agents %d/%d  clients %6d  active %6d  %9.2f MB/s  %7d downloads  %d errors",
                phase, left, reporting, latest.length, clients, active, mbs, downloads, errors);
    }
}
