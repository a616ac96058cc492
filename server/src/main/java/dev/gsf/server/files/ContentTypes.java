package dev.gsf.server.files;

import java.util.Locale;
import java.util.Map;

/** Content-Type by file extension; application/octet-stream for anything not listed. */
public final class ContentTypes {
    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("htm", "text/html; charset=utf-8"),
            Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("json", "application/json"),
            Map.entry("xml", "application/xml"),
            Map.entry("csv", "text/csv; charset=utf-8"),
            Map.entry("md", "text/markdown; charset=utf-8"),
            Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("webp", "image/webp"),
            Map.entry("avif", "image/avif"),
            Map.entry("ico", "image/vnd.microsoft.icon"),
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("pdf", "application/pdf"),
            Map.entry("zip", "application/zip"),
            Map.entry("gz", "application/gzip"),
            Map.entry("tar", "application/x-tar"),
            Map.entry("xz", "application/x-xz"),
            Map.entry("bz2", "application/x-bzip2"),
            Map.entry("7z", "application/x-7z-compressed"),
            Map.entry("jar", "application/java-archive"),
            Map.entry("mp4", "video/mp4"),
            Map.entry("webm", "video/webm"),
            Map.entry("mp3", "audio/mpeg"),
            Map.entry("ogg", "audio/ogg"),
            Map.entry("iso", "application/x-iso9660-image"),
            Map.entry("wasm", "application/wasm"));

    static final String DEFAULT = "application/octet-stream";

    private ContentTypes() {
    }

    static String of(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || dot == fileName.length() - 1) {
            return DEFAULT;
        }
        return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), DEFAULT);
    }
}
