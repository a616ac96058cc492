package dev.gsf.micro.ping;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.ProgressWatchdog;

/** Runs one ping run of a style and mode under a watchdog; whatever happens, every channel is closed after. */
public final class PingBench {
    private PingBench() {
    }

    public static PingOutcome run(PingStyle style, PingMode mode, PingSpec spec) {
        PingRecorder recorder = new PingRecorder(spec);
        try (Closer closer = new Closer();
             ProgressWatchdog watchdog = new ProgressWatchdog("ping", spec.stall(), spec.limit().plus(spec.stall()),
                     recorder::progress, () -> recorder.progress() + " round trips done", closer::close)) {
            String status = "OK";
            String reason = "";
            try {
                if (style == PingStyle.HANDLER) {
                    new HandlerPing(mode, spec, recorder, closer).run(spec);
                } else {
                    new EndpointPing(style, closer).run(mode, spec, recorder);
                }
            } catch (Exception e) {
                ProgressWatchdog.Verdict v = watchdog.verdict();
                status = v != null ? v.code() : "ERR";
                reason = v != null ? v.reason() : e.toString();
            }
            if (status.equals("OK") && recorder.mismatches() > 0) {
                status = "ERR";
                reason = recorder.mismatches() + " echoed messages carried the wrong sequence number";
            }
            return new PingOutcome(style, mode, spec.size(), status, reason, recorder.histogram,
                    recorder.timedNanos(), recorder.mismatches());
        }
    }
}
