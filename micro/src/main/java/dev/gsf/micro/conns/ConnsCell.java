package dev.gsf.micro.conns;

import dev.gsf.micro.common.ProgressWatchdog;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One run of one server model: connect all, blast, warm up, measure frames checked per second over the window,
 * then stop the clients, wait (bounded) for every connection's end of stream and audit the counts.
 */
public final class ConnsCell {
    private static final Duration DRAIN = Duration.ofSeconds(20);

    private ConnsCell() {
    }

    public static ConnsResult run(ConnsModel model, ConnsSettings s) throws Exception {
        ConnsTally tally = new ConnsTally(s.connections());
        Duration limit = s.warmup().plus(s.measure()).plus(DRAIN).plus(DRAIN);
        try (ConnsServer server = model.start(tally, s.payload());
             Blaster blaster = new Blaster(server.address(), s.connections(), s.clientThreads(),
                     Frames.block(s.payload(), ConnsSettings.FRAMES_PER_BLOCK, 17), ConnsSettings.FRAMES_PER_BLOCK);
             ProgressWatchdog watchdog = new ProgressWatchdog("conns", s.stall(), limit, tally::valid,
                     () -> tally.valid() + " frames checked, " + (s.connections() - tally.ended.getCount())
                             + " connections ended",
                     () -> {
                         blaster.close();
                         server.close();
                     })) {
            if (!tally.accepted.await(DRAIN.toMillis(), TimeUnit.MILLISECONDS)) {
                return new ConnsResult(model, s.connections(), server.serverThreads(), Double.NaN, Double.NaN, 0, 0,
                        0, "ERR", tally.accepted.getCount() + " connections were not accepted in " + DRAIN);
            }
            blaster.start();
            Thread.sleep(s.warmup().toMillis()); // the warm-up and the window are the measurement's own durations
            long v0 = tally.valid();
            long t0 = System.nanoTime();
            Thread.sleep(s.measure().toMillis());
            long v1 = tally.valid();
            double seconds = (System.nanoTime() - t0) / 1e9;
            int threads = server.serverThreads();
            blaster.stop();
            boolean clean = blaster.awaitFinished(DRAIN) && tally.ended.await(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
            double fps = (v1 - v0) / seconds;
            double mib = fps * (s.payload() + Frames.OVERHEAD) / 1048576.0;
            String status = "OK";
            String reason = "";
            ProgressWatchdog.Verdict verdict = watchdog.verdict();
            if (verdict != null) {
                status = verdict.code();
                reason = verdict.reason();
            } else if (!clean) {
                status = "ERR";
                reason = tally.ended.getCount() + " connections did not reach end of stream";
            } else if (tally.corrupt() > 0 || tally.cutOff.sum() > 0 || tally.valid() != blaster.framesSent()) {
                status = "ERR";
                reason = "sent " + blaster.framesSent() + " frames, checked " + tally.valid() + " valid, "
                        + tally.corrupt() + " corrupt, " + tally.cutOff.sum() + " cut off";
            }
            return new ConnsResult(model, s.connections(), threads, fps, mib, blaster.framesSent(), tally.valid(),
                    tally.corrupt(), status, reason);
        }
    }
}
