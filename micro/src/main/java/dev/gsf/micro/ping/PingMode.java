package dev.gsf.micro.ping;

import java.util.Locale;

/** SINGLE: one thread drives both ends in turn. THREADED: the server end echoes on its own thread. */
public enum PingMode {
    SINGLE, THREADED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
