package dev.gsf.loadgen.load.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads just what {@code gsf load --server-metrics} needs from the Prometheus text exposition format (version
 * 0.0.4, and the OpenMetrics text that shares its sample lines): each sample's name, labels and value. Comments are
 * skipped, and so are the series of histograms and summaries (their {@code _bucket}, {@code _sum}, {@code _count}
 * and {@code _created} lines), which a gauge reader has no use for. Timestamps are ignored.
 */
public final class PrometheusText {

    /** One sample line: {@code name{label="value",...} value}. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private static final List<String> DISTRIBUTION_SUFFIXES =
            List.of("", "_bucket", "_sum", "_count", "_created", "_gcount", "_gsum");

    private PrometheusText() {
    }

    /**
     * Every sample of an exposition, in order, except those of histograms and summaries.
     *
     * @throws IllegalArgumentException for a line that is not a sample, naming the line
     */
    public static List<Sample> parse(String text) {
        List<Sample> samples = new ArrayList<>();
        Set<String> distributions = new HashSet<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String[] words = line.split("\\s+");
                if (words.length >= 4 && words[1].equals("TYPE") && (words[3].equals("histogram")
                        || words[3].equals("summary") || words[3].equals("gaugehistogram"))) {
                    distributions.add(words[2]);
                }
                continue;
            }
            Sample sample;
            try {
                sample = sample(line);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not a sample (" + e.getMessage() + "): "
                        + (line.length() > 120 ? line.substring(0, 120) + "..." : line), e);
            }
            if (!ofDistribution(sample.name(), distributions)) {
                samples.add(sample);
            }
        }
        return samples;
    }

    /** The sum of every sample of {@code name} over all its labels; NaN when the exposition has none. */
    public static double sum(List<Sample> samples, String name) {
        double sum = 0;
        boolean found = false;
        for (Sample s : samples) {
            if (s.name().equals(name)) {
                sum += s.value();
                found = true;
            }
        }
        return found ? sum : Double.NaN;
    }

    private static boolean ofDistribution(String name, Set<String> distributions) {
        for (String suffix : DISTRIBUTION_SUFFIXES) {
            if (name.endsWith(suffix) && distributions.contains(name.substring(0, name.length() - suffix.length()))) {
                return true;
            }
        }
        return false;
    }

    private static Sample sample(String line) {
        int i = 0;
        while (i < line.length() && isNameChar(line.charAt(i), i == 0)) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("no metric name");
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i = labels(line, i + 1, labels);
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        if (rest.length < 1 || rest.length > 2 || rest[0].isEmpty()) {
            throw new IllegalArgumentException("expected a value and an optional timestamp");
        }
        return new Sample(name, Map.copyOf(labels), value(rest[0]));
    }

    /** Reads {@code a="x",b="y"}} from {@code i}; returns the index after the closing brace. */
    private static int labels(String line, int i, Map<String, String> labels) {
        while (true) {
            i = skipSpaces(line, i);
            if (line.charAt(i) == '}') {
                return i + 1;
            }
            int start = i;
            while (isNameChar(line.charAt(i), i == start)) {
                i++;
            }
            if (i == start) {
                throw new IllegalArgumentException("no label name at column " + (i + 1));
            }
            String label = line.substring(start, i);
            i = skipSpaces(line, i);
            if (line.charAt(i) != '=' || line.charAt(skipSpaces(line, i + 1)) != '"') {
                throw new IllegalArgumentException("expected =\"...\" after label " + label);
            }
            i = skipSpaces(line, i + 1) + 1;
            StringBuilder value = new StringBuilder();
            for (char c = line.charAt(i); c != '"'; c = line.charAt(++i)) {
                if (c == '\\') {
                    char escaped = line.charAt(++i);
                    value.append(escaped == 'n' ? '\n' : escaped);
                } else {
                    value.append(c);
                }
            }
            labels.put(label, value.toString());
            i = skipSpaces(line, i + 1);
            if (line.charAt(i) == ',') {
                i++;
            } else if (line.charAt(i) != '}') {
                throw new IllegalArgumentException("expected , or } after label " + label);
            }
        }
    }

    private static int skipSpaces(String line, int i) {
        while (line.charAt(i) == ' ' || line.charAt(i) == '\t') {
            i++;
        }
        return i;
    }

    private static boolean isNameChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || !first && c >= '0' && c <= '9';
    }

    private static double value(String text) {
        return switch (text) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                if (!text.matches("[-+]?[0-9.eE+-]+")) {
                    throw new IllegalArgumentException("'" + text + "' is not a number");
                }
                yield Double.parseDouble(text);
            }
        };
    }
}
