package dev.gsf.conformance;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs a corpus against a server, one fresh connection per case (plain or TLS). Blocking; any thread. */
public final class Conformance {
    private static final Pattern FILE_HEADER = Pattern.compile("\\{(etag|last-modified) ([^}]+)}");

    /**
     * One case and what the server did.
     *
     * @param got the status and connection seen, e.g. "400 close", "none hung"
     */
    public record Row(Corpus.Case testCase, String got, boolean conforms) {
    }

    private Conformance() {
    }

    /**
     * Every case in corpus order.
     *
     * @param timeout how long to wait to connect and for each answer; no answer by then is "hung"
     * @throws Connector.Unreachable when a connection (or its TLS handshake) fails: no row is meaningful then
     */
    public static List<Row> run(Corpus corpus, Connector server, Duration timeout) throws IOException {
        Exchange exchange = new Exchange(server, timeout);
        Map<String, String> fileHeaders = new HashMap<>();
        List<Row> rows = new ArrayList<>();
        for (Corpus.Case c : corpus.cases()) {
            String request = resolve(c.request(), exchange, fileHeaders);
            Exchange.Observed seen = exchange.run(request);
            rows.add(new Row(c, seen.describe(), conforms(c, seen)));
        }
        return rows;
    }

    static boolean conforms(Corpus.Case c, Exchange.Observed seen) {
        boolean statusOk = c.statuses().isEmpty() || (seen.status() != null && c.statuses().contains(seen.status()));
        boolean connectionOk = switch (c.connection()) {
            case OPEN -> seen.connection().equals("open");
            case CLOSE -> seen.connection().equals("close");
            case ANY -> !seen.connection().equals("hung");
        };
        return statusOk && connectionOk;
    }

    /** Replaces {etag PATH} and {last-modified PATH} with the file's header, asked once per run. */
    private static String resolve(String request, Exchange exchange, Map<String, String> cache) throws IOException {
        Matcher m = FILE_HEADER.matcher(request);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String key = m.group(1) + " " + m.group(2);
            String value = cache.get(key);
            if (value == null) {
                value = exchange.header(m.group(2), m.group(1));
                value = value == null ? "(no " + m.group(1) + ")" : value;
                cache.put(key, value);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The rows that differ as a fixed-width table, or a line saying none does. */
    public static String table(List<Row> rows, boolean all) {
        List<Row> shown = rows.stream().filter(r -> all || !r.conforms()).toList();
        long differ = rows.stream().filter(r -> !r.conforms()).count();
        StringBuilder out = new StringBuilder();
        if (!shown.isEmpty()) {
            int nameWidth = Math.max(4, shown.stream().mapToInt(r -> r.testCase().name().length()).max().orElse(4));
            String format = "%-" + nameWidth + "s  %-16s  %-12s  %s%n";
            out.append(String.format(format, "case", "expected", "got", "why"));
            for (Row r : shown) {
                out.append(String.format(format, r.testCase().name(), r.testCase().expected(), r.got(),
                        (r.conforms() ? "" : "DIFFERS  ") + r.testCase().why()));
            }
        }
        out.append(String.format("%d cases, %d as expected, %d differ%n", rows.size(), rows.size() - differ, differ));
        return out.toString();
    }
}
