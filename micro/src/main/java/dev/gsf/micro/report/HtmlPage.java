package dev.gsf.micro.report;

/** One self-contained HTML page: headings, paragraphs, preformatted tables and inline SVG; no external links. */
public final class HtmlPage {
    private final StringBuilder body = new StringBuilder();
    private final String title;

    public HtmlPage(String title) {
        this.title = title;
        body.append("<h1>").append(SvgChart.esc(title)).append("</h1>\n");
    }

    public HtmlPage heading(String text) {
        body.append("<h2>").append(SvgChart.esc(text)).append("</h2>\n");
        return this;
    }

    public HtmlPage paragraph(String text) {
        body.append("<p>").append(SvgChart.esc(text)).append("</p>\n");
        return this;
    }

    public HtmlPage pre(String text) {
        body.append("<pre>").append(SvgChart.esc(text)).append("</pre>\n");
        return this;
    }

    /** Inline SVG produced by {@link SvgChart}. */
    public HtmlPage svg(String svg) {
        body.append("<div>").append(svg).append("</div>\n");
        return this;
    }

    public String render() {
        return "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + SvgChart.esc(title) + "</title>\n"
                + "<style>body{font-family:sans-serif;max-width:1100px;margin:1em auto}"
                + "pre{background:#f6f6f6;padding:.5em;overflow-x:auto}</style></head>\n<body>\n"
                + body + "</body></html>\n";
    }
}
