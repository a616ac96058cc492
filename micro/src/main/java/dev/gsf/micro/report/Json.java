package dev.gsf.micro.report;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Writes maps, lists, strings, numbers, booleans and null as indented JSON. NaN and infinities become null. */
public final class Json {
    private Json() {
    }

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        append(sb, value, 0);
        return sb.append('\n').toString();
    }

    private static void append(StringBuilder sb, Object v, int depth) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> string(sb, s);
            case Boolean b -> sb.append(b);
            case Double d -> sb.append(d.isNaN() || d.isInfinite() ? "null" : number(d));
            case Float f -> append(sb, f.doubleValue(), depth);
            case Number n -> sb.append(n);
            case Map<?, ?> m -> container(sb, m.entrySet().iterator(), '{', '}', depth, true);
            case List<?> l -> container(sb, l.iterator(), '[', ']', depth, false);
            case Enum<?> e -> string(sb, e.name());
            default -> string(sb, v.toString());
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static void container(StringBuilder sb, Iterator<?> it, char open, char close, int depth, boolean map) {
        sb.append(open);
        if (!it.hasNext()) {
            sb.append(close);
            return;
        }
        while (it.hasNext()) {
            sb.append('\n').append("  ".repeat(depth + 1));
            Object item = it.next();
            if (map) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) item;
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                append(sb, e.getValue(), depth + 1);
            } else {
                append(sb, item, depth + 1);
            }
            if (it.hasNext()) {
                sb.append(',');
            }
        }
        sb.append('\n').append("  ".repeat(depth)).append(close);
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
