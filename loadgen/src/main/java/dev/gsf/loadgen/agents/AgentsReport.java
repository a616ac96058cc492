package dev.gsf.loadgen.agents;

import dev.gsf.report.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the coordinator knows of its agents, written as {@code agents.json} beside the merged result: the common
 * start and the start skew allowed, each agent's host, segment, clock offset, exit code, result transfer time,
 * whether it was stopped early and whether its result is in the merged one, whether the run is complete and, when
 * not, the first failure, naming the agent. Used by the coordinator's thread only.
 */
final class AgentsReport {
    private static final class Entry {
        final Agent agent;
        ClockOffset clock;
        Integer exit;
        Duration fetch;
        double skewMs = Double.NaN;
        boolean stoppedEarly;
        boolean merged;

        Entry(Agent agent) {
            this.agent = agent;
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private final Duration maxStartSkew;
    private Instant start;
    private String failure;

    AgentsReport(List<Agent> agents, Duration maxStartSkew) {
        agents.forEach(a -> entries.add(new Entry(a)));
        this.maxStartSkew = maxStartSkew;
    }

    void start(Instant instant) {
        start = instant;
    }

    void clock(Agent agent, ClockOffset offset) {
        entries.get(agent.index()).clock = offset;
    }

    void exit(Agent agent, int code) {
        entries.get(agent.index()).exit = code;
    }

    void fetched(Agent agent, Duration took) {
        entries.get(agent.index()).fetch = took;
    }

    void skew(Agent agent, double millis) {
        entries.get(agent.index()).skewMs = millis;
    }

    /** The agent stopped early when asked, its partial result written. */
    void stoppedEarly(Agent agent) {
        entries.get(agent.index()).stoppedEarly = true;
    }

    /** The agent's result is part of the merged one. */
    void merged(Agent agent) {
        entries.get(agent.index()).merged = true;
    }

    /** How many agents' results are merged, and how many of those are partial (stopped early). */
    String mergedCount() {
        long merged = entries.stream().filter(e -> e.merged).count();
        long partial = entries.stream().filter(e -> e.merged && e.stoppedEarly).count();
        return merged + " of " + entries.size() + " agents"
                + (partial > 0 ? ", " + partial + " of them stopped early" : "");
    }

    /** Keeps the first failure: the later ones are mostly its consequences. */
    void fail(Agent agent, String why) {
        if (failure == null) {
            failure = why;
        }
    }

    String failure() {
        return failure;
    }

    void write(Path file) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("complete", failure == null);
        json.put("failure", failure);
        json.put("start", start == null ? null : start.toString());
        json.put("maxStartSkewMs", maxStartSkew.toNanos() / 1e6);
        json.put("stoppedEarly", entries.stream().filter(e -> e.stoppedEarly).map(e -> e.agent.name()).toList());
        List<Map<String, Object>> list = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("name", e.agent.name());
            a.put("host", e.agent.host());
            a.put("segment", e.agent.segment());
            a.put("clockOffsetMs", e.clock == null ? null : e.clock.offsetNanos() / 1e6);
            a.put("clockRoundTripMs", e.clock == null ? null : e.clock.roundTripNanos() / 1e6);
            a.put("exitCode", e.exit);
            a.put("startSkewMs", Double.isNaN(e.skewMs) ? null : e.skewMs);
            a.put("resultTransferMs", e.fetch == null ? null : e.fetch.toNanos() / 1e6);
            a.put("stoppedEarly", e.stoppedEarly);
            a.put("merged", e.merged);
            list.add(a);
        }
        json.put("agents", list);
        Json.write(file, json);
    }

    /** One line per agent: host, segment, clock offset, exit code. */
    String table() {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%-9s %-20s %-8s %14s %14s %6s%n",
                "Agent", "Host", "Segment", "Clock (ms)", "Late (ms)", "Exit"));
        for (Entry e : entries) {
            t.append(String.format(Locale.ROOT, "%-9s %-20s %-8s %14s %14s %6s%n", e.agent.name(),
                    e.agent.host() == null ? "local" : e.agent.host(), e.agent.segment(),
                    e.clock == null ? "-" : String.format(Locale.ROOT, "%+.3f", e.clock.offsetNanos() / 1e6),
                    Double.isNaN(e.skewMs) ? "-" : String.format(Locale.ROOT, "%.1f", e.skewMs),
                    e.exit == null ? "-" : e.exit.toString()));
        }
        return t.toString();
    }
}
