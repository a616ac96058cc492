package dev.gsf.micro.ping;

import java.util.Locale;

/** The I/O styles the ping test compares. */
public enum PingStyle {
    BLOCKING("blocking NIO"),
    SPIN("non-blocking NIO, busy-spin"),
    FUTURE("NIO.2 Future"),
    HANDLER("NIO.2 CompletionHandler"),
    VIRTUAL("blocking NIO on virtual threads");

    public final String description;

    PingStyle(String description) {
        this.description = description;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
