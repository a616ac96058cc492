package dev.gsf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One self-contained HTML report: headings, paragraphs, preformatted tables and charts, with inline CSS and SVG, no
 * script and no link, so that it opens offline years later. Not thread-safe; build it on one thread.
 */
public final class Page {
    private static final String STYLE = "body{font-family:sans-serif;margin:2em auto;max-width:960px;padding:0 1em}"
            + "pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:12px}"
            + "figure{margin:1em 0}.good{color:#270}.bad{color:#b00}"
            + "svg text{font-family:sans-serif}svg circle:hover,svg rect.bar:hover{opacity:.7}";
    private final String title;
    private final StringBuilder body = new StringBuilder();

    public Page(String title) {
        this.title = title;
    }

    public Page heading(String text) {
        return element("h2", text);
    }

    /** A heading followed by a mark that reads green when {@code good}, red otherwise, e.g. PASSED / FAILED. */
    public Page heading(String text, String mark, boolean good) {
        body.append("<h2>").append(Html.escape(text)).append(" <span class='").append(good ? "good" : "bad")
                .append("'>").append(Html.escape(mark)).append("</span></h2>\n");
        return this;
    }

    public Page paragraph(String text) {
        return element("p", text);
    }

    /** Text whose columns must line up: tables, logs. */
    public Page pre(String text) {
        return element("pre", text);
    }

    public Page chart(Chart chart) {
        body.append("<figure>").append(chart.svg()).append("</figure>\n");
        return this;
    }

    public String html() {
        String t = Html.escape(title);
        return "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>" + t + "</title>\n<style>"
                + STYLE + "</style></head>\n<body>\n<h1>" + t + "</h1>\n" + body + "</body></html>\n";
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, html(), StandardCharsets.UTF_8);
    }

    private Page element(String tag, String text) {
        body.append('<').append(tag).append('>').append(Html.escape(text)).append("</").append(tag).append(">\n");
        return this;
    }
}
