package dev.gsf.server.http;

import dev.gsf.server.files.DirectoryEntry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Directory listings ({@code autoindex=html|json}), as nginx's autoindex lays them out. Every name is escaped for
 * where it goes: HTML text (markup characters and control characters as character references), an href
 * (percent-encoded UTF-8, every byte but the unreserved ones), a JSON string (quotes, backslashes and control
 * characters escaped). A name whose bytes are not UTF-8 arrives decoded as U+FFFD and is shown so.
 */
final class Listings {
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Listings() {
    }

    /** An HTML page listing {@code entries} of the directory at {@code path} (the request path, as sent). */
    static byte[] html(String path, List<DirectoryEntry> entries) {
        StringBuilder page = new StringBuilder(256 + 128 * entries.size());
        String title = "Index of " + htmlText(path);
        page.append("<!DOCTYPE html>\n<html>\n<head><meta charset=\"utf-8\"><title>").append(title)
                .append("</title></head>\n<body>\n<h1>").append(title).append("</h1><hr><pre>");
        if (!path.equals("/")) {
            page.append("<a href=\"../\">../</a>\n");
        }
        for (DirectoryEntry entry : entries) {
            String slash = entry.type() == DirectoryEntry.Type.DIRECTORY ? "/" : "";
            page.append("<a href=\"").append(percentEncode(entry.name())).append(slash).append("\">")
                    .append(htmlText(entry.name())).append(slash).append("</a> ")
                    .append(HTTP_DATE.format(Instant.ofEpochSecond(entry.lastModifiedSeconds()))).append(' ')
                    .append(entry.type() == DirectoryEntry.Type.FILE ? Long.toString(entry.size()) : "-")
                    .append('\n');
        }
        page.append("</pre><hr></body>\n</html>\n");
        return page.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A JSON array of {name, type, mtime, size (files only)}, as nginx's autoindex_format json. */
    static byte[] json(List<DirectoryEntry> entries) {
        StringBuilder json = new StringBuilder(2 + 96 * entries.size()).append('[');
        for (DirectoryEntry entry : entries) {
            json.append(json.length() > 1 ? ",\n" : "\n").append("{ \"name\":");
            jsonString(json, entry.name());
            json.append(", \"type\":\"").append(entry.type().name().toLowerCase(Locale.ROOT))
                    .append("\", \"mtime\":\"")
                    .append(HTTP_DATE.format(Instant.ofEpochSecond(entry.lastModifiedSeconds()))).append('"');
            if (entry.type() == DirectoryEntry.Type.FILE) {
                json.append(", \"size\":").append(entry.size());
            }
            json.append(" }");
        }
        return json.append("\n]\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Text safe in HTML content and in a quoted attribute. */
    static String htmlText(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append("&#x").append(Integer.toHexString(c)).append(';');
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }

    /** Every UTF-8 byte of {@code name} as %XX but the unreserved characters of RFC 3986. */
    static String percentEncode(String name) {
        StringBuilder out = new StringBuilder(name.length() * 3);
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return out.toString();
    }

    private static void jsonString(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
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
