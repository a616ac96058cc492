package dev.gsf.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The corpus: raw requests, each with the status RFC 9110/9112 give and whether the connection stays open. The text
 * format (see corpus.txt) is one block per case, blocks separated by blank lines:
 * <pre>
 * case NAME
 * why  the rule, with its RFC section
 * send request bytes, with \r \n \t \\ and \xHH escapes (several send lines are sent as one write)
 * expect STATUS[|STATUS...] open|close|-    ("-": any answer or none; either connection state)
 * </pre>
 * {@code {repeat N TEXT}} stands for N copies of TEXT. Lines starting with '#' are comments. {@code {etag PATH}} and
 * {@code {last-modified PATH}} in a send line stand for that header of the file, read with a HEAD request first.
 */
public record Corpus(List<Case> cases) {
    /** The longest request a case may send: more than any head a server reads (a 32 KB head, a few bodies). */
    public static final int MAX_REQUEST = 1 << 20;

    /** Whether the connection stays open after the answer; ANY where the RFCs leave it to the server. */
    public enum Connection { OPEN, CLOSE, ANY }

    /**
     * One request and its expected answer.
     *
     * @param statuses the statuses that conform; empty when any answer (or none) does
     */
    public record Case(String name, String why, String request, Set<Integer> statuses, Connection connection) {
        public String expected() {
            return (statuses.isEmpty() ? "any" : String.join("|", statuses.stream().sorted().map(String::valueOf)
                    .toList())) + " " + connection.name().toLowerCase(Locale.ROOT);
        }
    }

    /** The corpus shipped with this module. */
    public static Corpus builtIn() {
        try (InputStream in = Corpus.class.getResourceAsStream("corpus.txt")) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Corpus read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** @throws IllegalArgumentException naming the line of the first error */
    public static Corpus parse(String text) {
        List<Case> cases = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        String name = null;
        String why = "";
        StringBuilder send = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].stripTrailing();
            String where = "corpus line " + (i + 1) + ": ";
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String keyword = line.split(" ", 2)[0];
            String rest = line.length() > keyword.length() ? line.substring(keyword.length() + 1).strip() : "";
            switch (keyword) {
                case "case" -> {
                    if (name != null) {
                        throw new IllegalArgumentException(where + "case " + name + " has no expect line");
                    }
                    if (rest.isEmpty()) {
                        throw new IllegalArgumentException(where + "a case needs a name");
                    }
                    if (!names.add(rest)) {
                        throw new IllegalArgumentException(where + "case " + rest + " is defined twice");
                    }
                    name = rest;
                    why = "";
                    send.setLength(0);
                }
                case "why" -> why = rest;
                case "send" -> {
                    send.append(unescape(repeat(line.length() > 5 ? line.substring(5) : "", where), where));
                    if (send.length() > MAX_REQUEST) {
                        throw new IllegalArgumentException(where + "the request is over " + MAX_REQUEST + " bytes");
                    }
                }
                case "expect" -> {
                    if (name == null || send.isEmpty()) {
                        throw new IllegalArgumentException(where + "expect without a case and send lines");
                    }
                    cases.add(expectation(name, why, send.toString(), rest, where));
                    name = null;
                }
                default -> throw new IllegalArgumentException(where + "unknown keyword '" + keyword + "'");
            }
        }
        if (name != null) {
            throw new IllegalArgumentException("corpus: case " + name + " has no expect line");
        }
        return new Corpus(List.copyOf(cases));
    }

    private static Case expectation(String name, String why, String request, String expect, String where) {
        String[] parts = expect.split(" ");
        if (parts.length != 2 || !parts[1].matches("open|close|-")) {
            throw new IllegalArgumentException(where + "expect STATUS[|STATUS] open|close|-, not '" + expect + "'");
        }
        Set<Integer> statuses = new LinkedHashSet<>();
        if (!parts[0].equals("-")) {
            for (String s : parts[0].split("\\|")) {
                if (!s.matches("[1-5][0-9][0-9]")) {
                    throw new IllegalArgumentException(where + "'" + s + "' is not a status (100-599)");
                }
                statuses.add(Integer.parseInt(s));
            }
        }
        return new Case(name, why, request, Set.copyOf(statuses),
                switch (parts[1]) {
                    case "open" -> Connection.OPEN;
                    case "close" -> Connection.CLOSE;
                    default -> Connection.ANY;
                });
    }

    private static final java.util.regex.Pattern REPEAT = java.util.regex.Pattern.compile("\\{repeat (\\d+) ([^}]*)}");

    static String repeat(String s, String where) {
        return REPEAT.matcher(s).replaceAll(m -> {
            long n = m.group(1).length() > 9 ? Long.MAX_VALUE : Long.parseLong(m.group(1));
            if (n > MAX_REQUEST / Math.max(1, m.group(2).length())) {
                throw new IllegalArgumentException(where + "{repeat " + m.group(1) + " ...} makes more than "
                        + MAX_REQUEST + " bytes");
            }
            return java.util.regex.Matcher.quoteReplacement(m.group(2).repeat((int) n));
        });
    }

    /** \r \n \t \\ \xHH; every other char stands for itself (the result is read as ISO-8859-1 bytes). */
    static String unescape(String s, String where) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= s.length()) {
                throw new IllegalArgumentException(where + "a lone backslash at the end");
            }
            switch (s.charAt(i)) {
                case 'r' -> out.append('\r');
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case '\\' -> out.append('\\');
                case 'x' -> {
                    if (i + 3 > s.length() || Character.digit(s.charAt(i + 1), 16) < 0
                            || Character.digit(s.charAt(i + 2), 16) < 0) {
                        throw new IllegalArgumentException(where + "\\x needs two hex digits");
                    }
                    out.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> throw new IllegalArgumentException(where + "unknown escape \\" + s.charAt(i));
            }
        }
        return out.toString();
    }

}
