package dev.gsf.loadgen.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.segment.Segment;
import java.util.List;

/** Checks that result directories are segments of one run: the same target, workload, seed, phases and division. */
final class SameRun {
    /** The config keys that every segment of one run shares. */
    private static final List<String> SHARED = List.of("url", "model", "clients", "arrivalRatePerSecond",
            "rateBytesPerSecond", "burstBytes", "thinkMeanNanos", "thinkExponential", "rampUpSeconds",
            "steadySeconds", "rampDownSeconds", "intervalSeconds", "seed", "mix");

    private SameRun() {
    }

    /** IllegalArgumentException naming the two directories and the first thing that differs. */
    static void check(List<AgentResult> agents) {
        AgentResult first = agents.get(0);
        for (AgentResult other : agents.subList(1, agents.size())) {
            for (String key : SHARED) {
                differ(first, other, key, first.config().path(key), other.config().path(key));
            }
            differ(first, other, "segment count", Segment.parse(first.segment()).count(),
                    Segment.parse(other.segment()).count());
            differ(first, other, "files", names(first), names(other));
        }
    }

    private static void differ(AgentResult a, AgentResult b, String what, Object x, Object y) {
        if (!x.equals(y)) {
            throw new IllegalArgumentException(a.name() + " and " + b.name() + " are not segments of one run: "
                    + what + " " + x + " in " + a.name() + ", " + y + " in " + b.name());
        }
    }

    private static List<String> names(AgentResult a) {
        java.util.ArrayList<String> names = new java.util.ArrayList<>();
        for (JsonNode f : a.run().path("files")) {
            names.add(f.path("name").asText());
        }
        return names;
    }
}
