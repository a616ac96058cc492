package dev.gsf.micro.ping;

import java.time.Duration;

/** Message size, untimed warm-up round trips, timed round trips, and the bounds: stall (DL) and time limit. */
public record PingSpec(int size, long warmup, long count, Duration stall, Duration limit) {
    public PingSpec {
        if (size < Long.BYTES) {
            throw new IllegalArgumentException("messages carry an 8-byte sequence number: size must be >= 8");
        }
    }
}
