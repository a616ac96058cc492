package dev.gsf.loadgen.agents;

import dev.gsf.loadgen.segment.Segment;

/**
 * One agent of a distributed run: which share of the load it runs ({@code index} of {@code of}) and where.
 *
 * @param host the host it runs on; {@code null} for this host
 */
public record Agent(int index, int of, String host) {
    public Agent {
        if (index < 0 || index >= of) {
            throw new IllegalArgumentException("agent " + index + " of " + of);
        }
    }

    /** agent-I: its result directory's name and its prefix in the coordinator's output. */
    public String name() {
        return "agent-" + index;
    }

    /** The name with its host, as failures name it: {@code agent-1 (10.0.0.2)}. */
    public String label() {
        return host == null ? name() : name() + " (" + host + ")";
    }

    /** The value of {@code --segment}: I/N, 0-based, as {@link Segment} reads it. */
    public String segment() {
        return new Segment(index, of).toString();
    }
}
