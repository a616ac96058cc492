package dev.gsf.loadgen.load.report;

/** A small streaming JSON writer: enough for summary.json without another dependency. NaN is written as null. */
final class JsonWriter {
    private final StringBuilder out = new StringBuilder();
    private boolean needComma;
    private int depth;

    JsonWriter beginObject() {
        value();
        out.append('{');
        return open();
    }

    JsonWriter endObject() {
        return close('}');
    }

    JsonWriter beginArray() {
        value();
        out.append('[');
        return open();
    }

    JsonWriter endArray() {
        return close(']');
    }

    JsonWriter name(String name) {
        comma();
        newline();
        string(name);
        out.append(": ");
        needComma = false;
        return this;
    }

    JsonWriter value(String s) {
        value();
        if (s == null) {
            out.append("null");
        } else {
            string(s);
        }
        needComma = true;
        return this;
    }

    JsonWriter value(double d) {
        value();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            out.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            out.append((long) d);
        } else {
            out.append(d); // Double.toString: shortest exact form, valid JSON (1.5, 2.0E-4)
        }
        needComma = true;
        return this;
    }

    JsonWriter value(boolean b) {
        value();
        out.append(b);
        needComma = true;
        return this;
    }

    JsonWriter field(String name, String v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, double v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, boolean v) {
        return name(name).value(v);
    }

    @Override
    public String toString() {
        return out.toString();
    }

    private JsonWriter open() {
        depth++;
        needComma = false;
        return this;
    }

    private JsonWriter close(char c) {
        depth--;
        newline();
        out.append(c);
        needComma = true;
        return this;
    }

    /** Before a value: a comma and newline when it is an array element after another. */
    private void value() {
        if (needComma) {
            out.append(',');
            newline();
        } else if (out.length() > 0 && out.charAt(out.length() - 1) == '[') {
            newline();
        }
    }

    private void comma() {
        if (needComma) {
            out.append(',');
        }
    }

    private void newline() {
        out.append('\n').append("  ".repeat(Math.max(0, depth)));
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
