package dev.gsf.micro.conns;

import java.time.Duration;

/** Connections, client selector threads, frame payload, warm-up and measured time, and the stall bound (DL). */
public record ConnsSettings(int connections, int clientThreads, int payload, Duration warmup, Duration measure,
                            Duration stall) {
    static final int FRAMES_PER_BLOCK = 16;
}
