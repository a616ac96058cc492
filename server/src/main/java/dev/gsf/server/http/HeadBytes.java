package dev.gsf.server.http;

import java.nio.charset.StandardCharsets;

/**
 * The byte-level grammar both readings of a request head share (RFC 9110 §5.6.2 tchar, RFC 3986 reg-name
 * characters), and the few byte searches they make. Pure functions; any thread.
 */
final class HeadBytes {
    private static final boolean[] TCHAR = asciiTable("!#$%&'*+-.^_`|~");
    private static final boolean[] REG_NAME_CHAR = asciiTable("._~!$&'()*+,;=-");

    private HeadBytes() {
    }

    /** Which ASCII bytes are a letter, a digit or one of {@code others}: looked up per byte of every head. */
    private static boolean[] asciiTable(String others) {
        boolean[] table = new boolean[128];
        for (int c = 1; c < 128; c++) {
            table[c] = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                    || others.indexOf(c) >= 0;
        }
        return table;
    }

    /** tchar of RFC 9110 §5.6.2. */
    static boolean isTchar(byte c) {
        return c >= 0 && TCHAR[c];
    }

    /** unreserved and sub-delims of RFC 3986, as a reg-name takes them. */
    static boolean isRegNameChar(byte c) {
        return c >= 0 && REG_NAME_CHAR[c];
    }

    /**
     * Where the reg-name at {@code b[from]} (RFC 3986 §3.2.2: unreserved, sub-delims and pct-encoded) ends: the index
     * of the first byte that is none of those ({@code to} if it runs to the end), or -1 for a broken pct-encoding.
     * Both readings of Host use it. Scanned, not matched: a regex's loop over a group of alternatives recurses once per
     * character and overflowed the reading thread's stack on a Host of 2,000 bytes (the socket driver found it).
     */
    static int regNameEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            if (b[i] == '%') {
                if (i + 2 >= to || !isHexDigit((char) b[i + 1]) || !isHexDigit((char) b[i + 2])) {
                    return -1;
                }
                i += 3;
            } else if (isRegNameChar(b[i])) {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    /** An ASCII hex digit (not {@link Character#digit}'s, which takes other scripts' digits). */
    static boolean isHexDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isToken(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isTchar((byte) s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the field name at {@code at} is {@code lowerCase}, ignoring ASCII case. */
    static boolean nameIs(byte[] b, int at, String lowerCase) {
        for (int k = 0; k < lowerCase.length(); k++) {
            int c = b[at + k];
            if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerCase.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    static String stripCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** The first line of {@code b}, at most 1024 bytes of it, for a log line or a refusal. */
    static String firstLine(byte[] b, int length) {
        int end = indexOf(b, 0, length, (byte) '\n');
        return stripCr(new String(b, 0, Math.min(end < 0 ? length : end, 1024), StandardCharsets.ISO_8859_1));
    }

    static int indexOf(byte[] b, int from, int length, byte wanted) {
        for (int i = from; i < length; i++) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
