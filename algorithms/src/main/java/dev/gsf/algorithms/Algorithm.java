package dev.gsf.algorithms;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The send algorithms a server can be configured with; the name is what config files and flags use. */
public enum Algorithm {
    /** Simple blocking: one worker writes the whole range with blocking writes. */
    SBA("simple blocking: one worker sends the whole download with blocking writes"),
    /** Equal blocking: one blocking chunk write per turn, then the download goes back to the end of the queue. */
    EBA("equal blocking: one chunk per turn with a blocking write, then back to the end of the queue"),
    /** Equal non-blocking: one chunk per turn; the worker never waits, write readiness brings the next turn. */
    ENBA("equal non-blocking: one chunk per turn, never waits; write readiness queues the next turn"),
    /** One virtual thread per download, blocking writes. */
    VTA("virtual threads: one virtual thread per download with blocking writes"),
    /**
     * Adaptive: the thread that has the download writes while the socket takes whole writes; a write that would
     * block goes to the selector and frees the thread, and the download goes on inline or on a worker by how fast it
     * drained.
     */
    ADA("adaptive: written inline while the socket takes whole writes; the selector, then a worker, once it blocks");

    private final String description;

    Algorithm(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** Whether its turns run on the bounded worker pool (VTA gives each download a virtual thread instead). */
    public boolean usesWorkerPool() {
        return this != VTA;
    }

    /** Parses a name case-insensitively; the message lists the allowed names. */
    public static Algorithm parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not an algorithm; allowed: " + names());
        }
    }

    /** Every name, in declaration order: "SBA, EBA, ENBA, VTA, ADA". */
    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }
}
