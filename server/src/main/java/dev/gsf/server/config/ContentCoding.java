package dev.gsf.server.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A content coding the server can serve from a precompressed sidecar file ({@code precompressed=br,gzip}): its name
 * in Accept-Encoding and Content-Encoding, and the suffix of the sidecar beside the original file. Never made on
 * the fly.
 */
public enum ContentCoding {
    BR("br", ".br"),
    GZIP("gzip", ".gz");

    /** The coding's token in HTTP headers. */
    public final String token;
    /** What the sidecar's name adds to the original's. */
    public final String suffix;

    ContentCoding(String token, String suffix) {
        this.token = token;
        this.suffix = suffix;
    }

    /** "br,gzip" to the codings in that order of preference; empty text for none. */
    static List<ContentCoding> parseList(String text) {
        List<ContentCoding> codings = new ArrayList<>();
        for (String item : text.split(",")) {
            String name = item.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            ContentCoding coding = switch (name) {
                case "br" -> BR;
                case "gzip", "gz" -> GZIP;
                default -> throw new IllegalArgumentException("unknown coding '" + name + "'");
            };
            if (codings.contains(coding)) {
                throw new IllegalArgumentException("'" + name + "' given twice");
            }
            codings.add(coding);
        }
        return List.copyOf(codings);
    }

    static String format(List<ContentCoding> codings) {
        return String.join(",", codings.stream().map(c -> c.token).toList());
    }
}
