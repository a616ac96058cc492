package dev.gsf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One self-contained HTML report: headings, paragraphs, preformatted tables and charts, with inline CSS and SVG, no
 * script and no link, so that it opens offline years later. Not thread-safe; build it on one thread.
 */
public final class Page {
    private static final String STYLE = "body{font-family:sans-serif;margin:2em auto;max-width:960px;padding:0 1em}"
            + "pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:12px}"
            + "figure{margin:1em 0}.good{color:#270}.bad{color:#b00}"
            + "svg text{font-family:sans-serif}svg circle:hover,svg rect.bar:hover{opacity:.7}"
            + "table{border-collapse:collapse;margin:1em 0;font-size:14px}"
            + "th,td{border-bottom:1px solid #ddd;padding:.25em .75em;text-align:left}td.n{text-align:right}"
            + "th{background:#f6f6f6}";
    private static final Pattern NUMBER = Pattern.compile("[-+]?[0-9][0-9,.]*( [A-Za-z/%]+)?");
    private final String title;
    private final StringBuilder body = new StringBuilder();
    private int refreshSeconds;

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

    /**
     * A table: a header row and rows of cells. A cell that reads as a number (digits, sign, point, unit suffix
     * after a space) is right-aligned, so columns of figures line up.
     */
    public Page table(List<String> header, List<List<String>> rows) {
        body.append("<table>\n<tr>");
        for (String name : header) {
            body.append("<th>").append(Html.escape(name)).append("</th>");
        }
        body.append("</tr>\n");
        for (List<String> row : rows) {
            body.append("<tr>");
            for (String cell : row) {
                body.append(NUMBER.matcher(cell).matches() ? "<td class='n'>" : "<td>").append(Html.escape(cell))
                        .append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    /** The page reloads itself every {@code seconds} (a live status page); reports never do. */
    public Page refreshEvery(int seconds) {
        if (seconds < 1) {
            throw new IllegalArgumentException("refresh interval must be at least 1 s: " + seconds);
        }
        refreshSeconds = seconds;
        return this;
    }

    public String html() {
        String t = Html.escape(title);
        String refresh = refreshSeconds == 0 ? "" : "<meta http-equiv='refresh' content='" + refreshSeconds + "'>";
        return "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>" + refresh + "<title>" + t
                + "</title>\n<style>"
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
