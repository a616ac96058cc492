package dev.gsf.bench;

import java.util.List;
import java.util.Locale;

/** A self-contained HTML page of horizontal bar charts (inline SVG): opens offline, no script, no CDN. */
final class HtmlReport {
    private final StringBuilder body = new StringBuilder();
    private final String title;

    HtmlReport(String title) {
        this.title = title;
    }

    /** One bar per label: the median, with a whisker from min to max. */
    record Bar(String label, double median, double min, double max) {
    }

    HtmlReport paragraph(String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    HtmlReport preformatted(String text) {
        body.append("<pre>").append(escape(text)).append("</pre>\n");
        return this;
    }

    HtmlReport chart(String heading, String unit, List<Bar> bars) {
        double top = bars.stream().mapToDouble(b -> Double.isNaN(b.max()) ? b.median() : b.max()).max().orElse(1);
        top = top <= 0 || Double.isNaN(top) ? 1 : top;
        int rowHeight = 26;
        int labelWidth = 220;
        int plotWidth = 520;
        int height = bars.size() * rowHeight + 30;
        body.append("<h2>").append(escape(heading)).append("</h2>\n");
        body.append(String.format(Locale.ROOT, "<svg width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">%n",
                labelWidth + plotWidth + 120, height, escape(heading)));
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            int y = i * rowHeight + 5;
            double w = Double.isNaN(b.median()) ? 0 : b.median() / top * plotWidth;
            body.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"13\">%s</text>%n",
                    labelWidth - 8, y + 16, escape(b.label())));
            body.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"18\" fill=\"%s\"/>%n",
                    labelWidth, y + 2, w, b.label().startsWith("nginx") ? "#888" : "#3b6ea5"));
            if (!Double.isNaN(b.min()) && !Double.isNaN(b.max())) {
                double x1 = labelWidth + b.min() / top * plotWidth;
                double x2 = labelWidth + b.max() / top * plotWidth;
                body.append(String.format(Locale.ROOT,
                        "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\"/>%n", x1, x2, y + 11, y + 11));
            }
            body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%s %s</text>%n",
                    labelWidth + Math.max(w, Double.isNaN(b.max()) ? 0 : b.max() / top * plotWidth) + 6, y + 16,
                    format(b.median()), escape(unit)));
        }
        body.append("</svg>\n");
        return this;
    }

    String html() {
        return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
                + "pre{background:#f4f4f4;padding:1em;overflow:auto;font-size:12px}</style></head>\n<body>\n<h1>"
                + escape(title) + "</h1>\n" + body + "</body></html>\n";
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
