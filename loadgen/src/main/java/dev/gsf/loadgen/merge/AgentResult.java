package dev.gsf.loadgen.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.common.Quoted;
import dev.gsf.loadgen.load.metrics.IntervalHistograms;
import dev.gsf.report.Json;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One agent's result directory as {@code gsf load} wrote it: its summary.json's only run and its interval log.
 * Immutable once read; read by the merging thread.
 *
 * @param name      the directory's name
 * @param run       summary.json's run object
 * @param intervals the interval log's histograms, in the order written, each with its tag and epoch-ms timestamps
 * @param steady    per steady.* tag (without the prefix), the sum of all its intervals
 * @param handshakes the handshake tag summed over the whole log (every phase, as the summary counts them); empty
 *                   for http
 */
record AgentResult(String name, JsonNode run, List<Histogram> intervals, Map<String, Histogram> steady,
                   Histogram handshakes) {

    /** Reads a result directory; IllegalArgumentException says what is missing or wrong. */
    static AgentResult read(Path dir) {
        Path json = dir.resolve("summary.json");
        if (!Files.isRegularFile(json)) {
            throw new IllegalArgumentException(dir + " holds no summary.json: not a result directory of gsf load");
        }
        JsonNode root;
        try {
            root = Json.tree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(json + " cannot be read: " + firstLine(e));
        }
        JsonNode runs = root.path("runs");
        if (!"gsf load".equals(root.path("tool").asText()) || runs.size() == 0) {
            throw new IllegalArgumentException(json + " is not a summary of gsf load");
        }
        if (runs.size() > 1) {
            throw new IllegalArgumentException(json + " holds " + runs.size() + " runs (--runs); merge takes single runs");
        }
        JsonNode run = runs.get(0);
        if (!run.path("clock").isObject() || !run.path("config").has("segment")) {
            throw new IllegalArgumentException(json + " was written by a gsf load without segments and clocks");
        }
        JsonNode stopped = run.path("stopped").path("at");
        if (stopped.isTextual()) { // read when merging; a bad one is this file's error, said now
            try {
                Instant.parse(stopped.asText());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(json + ": stopped.at " + Quoted.of(stopped.asText())
                        + " is not an instant (ISO-8601, e.g. 2026-01-01T00:00:00Z)");
            }
        }
        String log = run.path("histogramLog").asText(null);
        Path logFile = log == null ? null : logIn(dir, log, json);
        if (logFile == null || !Files.isRegularFile(logFile)) {
            throw new IllegalArgumentException(dir + " holds no interval log (histograms.hlog)"
                    + (run.path("aborted").isNull() ? "" : ": its run did not take place (" + run.path("aborted").asText() + ")"));
        }
        List<Histogram> intervals = readLog(logFile);
        return new AgentResult(dir.getFileName().toString(), run, intervals, steadySums(intervals),
                sum(intervals, IntervalHistograms.HANDSHAKE));
    }

    /**
     * The interval log a summary names: a file name in the summary's own directory and nothing else (a result directory
     * may come from a remote agent; a path in it would be read from anywhere).
     */
    private static Path logIn(Path dir, String name, Path json) {
        if (name.isEmpty() || name.equals(".") || name.equals("..")
                || name.chars().anyMatch(c -> c == '/' || c == '\\' || Character.isISOControl(c))) {
            throw new IllegalArgumentException(json + ": histogramLog " + Quoted.of(name)
                    + " is not the name of a file in its directory");
        }
        return dir.resolve(name);
    }

    /** The first line of an exception's message: a refusal is one line (Jackson adds the source on a second). */
    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        return message.lines().findFirst().orElse(message);
    }

    /** All intervals of one tag added. */
    private static Histogram sum(List<Histogram> intervals, String tag) {
        Histogram sum = new Histogram(3);
        for (Histogram h : intervals) {
            if (tag.equals(h.getTag())) {
                sum.add(h);
            }
        }
        return sum;
    }

    private static List<Histogram> readLog(Path file) {
        List<Histogram> out = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(new File(file.toString()))) {
            for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
                if (e instanceof Histogram h) {
                    out.add(h);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not a readable HdrHistogram log: " + firstLine(e));
        }
        return out;
    }

    /**
     * The steady.* tags summed over the whole log: those tags hold only values that Faban's rule counts, so this is
     * the agent's summary histograms exactly. No filter on the steady window's time: a value measured just before
     * its end but recorded after a late cut lies in an interval that starts after it.
     */
    static Map<String, Histogram> steadySums(List<Histogram> intervals) {
        Map<String, Histogram> sums = new HashMap<>();
        for (Histogram h : intervals) {
            String tag = h.getTag();
            if (tag != null && tag.startsWith(IntervalHistograms.STEADY)) {
                sums.computeIfAbsent(tag.substring(IntervalHistograms.STEADY.length()), t -> new Histogram(3)).add(h);
            }
        }
        return sums;
    }

    JsonNode config() {
        return run.path("config");
    }

    JsonNode clock() {
        return run.path("clock");
    }

    JsonNode summary() {
        return run.path("summary");
    }

    /** summary.json's "tls": missing (isMissingNode) or null for http. */
    JsonNode tls() {
        return run.path("tls");
    }

    /** When this agent's run was stopped before its planned end (summary.json's "stopped"), null when it was not. */
    Instant stoppedAt() {
        JsonNode at = run.path("stopped").path("at");
        return at.isTextual() ? Instant.parse(at.asText()) : null;
    }

    /** Why it was stopped ("coordinator", "signal"), null when it was not. */
    String stopReason() {
        return run.path("stopped").path("reason").asText(null);
    }

    /** "I/N" of config.segment. */
    String segment() {
        return config().path("segment").asText();
    }

    /** A number of the run, NaN when null (summary.json writes NaN as null). */
    static double number(JsonNode node, String key) {
        JsonNode n = node.path(key);
        return n.isNumber() ? n.doubleValue() : Double.NaN;
    }
}
