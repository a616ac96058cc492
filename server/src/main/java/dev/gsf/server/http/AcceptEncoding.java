package dev.gsf.server.http;

import java.util.Locale;

/**
 * What an Accept-Encoding field (RFC 9110 section 12.5.3) allows: the weight of a coding, from its own entry, else
 * from {@code *}, else 0. A field that is absent allows no coding here: a sidecar is only sent to a client that asked
 * for its coding (as nginx's gzip_static). {@code x-gzip} is gzip (RFC 9110 section 8.4.1.3).
 */
final class AcceptEncoding {
    private AcceptEncoding() {
    }

    /** The weight {@code header} gives {@code coding}, 0 to 1; 0: not acceptable. */
    static double weight(String header, String coding) {
        if (header == null) {
            return 0;
        }
        double star = 0;
        for (String element : header.split(",")) {
            String[] params = element.split(";");
            String name = params[0].trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            double q = quality(params);
            if (name.equals(coding) || name.equals("x-" + coding)) {
                return q;
            } else if (name.equals("*")) {
                star = q;
            }
        }
        return star;
    }

    /** The q parameter of one element, 1 when absent; 0 for a value that is not a qvalue. */
    private static double quality(String[] params) {
        for (int i = 1; i < params.length; i++) {
            String param = params[i].trim();
            if (param.length() > 2 && (param.charAt(0) == 'q' || param.charAt(0) == 'Q') && param.charAt(1) == '=') {
                String value = param.substring(2).trim();
                if (!value.matches("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?")) {
                    return 0;
                }
                return Double.parseDouble(value);
            }
        }
        return 1;
    }
}
