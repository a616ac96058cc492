package dev.gsf.server.config;

import java.util.Locale;

/** What a directory without its index file answers ({@code autoindex}): 403 as nginx by default, or a listing. */
public enum Autoindex {
    OFF, HTML, JSON;

    static Autoindex parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "off", "false" -> OFF;
            case "html", "on", "true" -> HTML;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException("'" + text + "' is not off, html or json");
        };
    }

    String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
