package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.loadgen.load.metrics.Phases;
import java.io.PrintStream;

/**
 * The live progress line ({@link ProgressLine}): rewritten in place on a terminal, a plain line every few seconds
 * otherwise (logs, CI). Called by the sampling thread; prints and returns.
 */
public final class Progress {
    private final PrintStream out;
    private final Phases phases;
    private final boolean terminal;
    private final double plainEverySeconds;
    private double lastPlain = Double.NEGATIVE_INFINITY;
    private long errors;
    private long completed;

    public Progress(PrintStream out, Phases phases, boolean terminal, double plainEverySeconds) {
        this.out = out;
        this.phases = phases;
        this.terminal = terminal;
        this.plainEverySeconds = plainEverySeconds;
    }

    public void update(IntervalSample s) {
        errors += s.errors();
        completed += s.completed();
        double left = Math.max(0, (phases.end() - phases.startNanos()) / 1e9 - s.seconds());
        String line = new ProgressLine(s.phase(), left, s.connections(), s.active(),
                Units.mbPerSecond(s.bytesPerSecond()), completed, errors).format();
        if (terminal) {
            out.print("\r" + line + "   ");
            out.flush();
        } else if (s.seconds() - lastPlain >= plainEverySeconds) {
            out.println(line);
            lastPlain = s.seconds();
        }
    }

    /** Ends the in-place line so that what follows starts on a fresh one. */
    public void done() {
        if (terminal) {
            out.println();
        }
    }
}
