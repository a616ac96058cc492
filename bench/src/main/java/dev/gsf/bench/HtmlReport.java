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

    /** One line of a line chart: a value per x position (NaN: no point). */
    record Series(String name, List<Double> values) {
    }

    private static final String[] COLORS = {"#3b6ea5", "#c0504d", "#4f8f3a", "#8064a2", "#d08a1e", "#555"};

    /** A line chart over categorical x positions (e.g. client counts), one coloured line per series. */
    HtmlReport lines(String heading, String unit, List<?> xs, List<Series> series) {
        double top = series.stream().flatMap(s -> s.values().stream()).filter(v -> !Double.isNaN(v))
                .mapToDouble(Double::doubleValue).max().orElse(1);
        top = top <= 0 ? 1 : top * 1.1;
        int left = 70;
        int width = 560;
        int height = 260;
        int topPad = 20;
        body.append("<h2>").append(escape(heading)).append("</h2>\n");
        body.append(String.format(Locale.ROOT, "<svg width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">%n",
                left + width + 140, height + topPad + 40, escape(heading)));
        body.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>%n", left, topPad, left,
                topPad + height));
        body.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>%n", left, topPad + height,
                left + width, topPad + height));
        for (int t = 0; t <= 4; t++) {
            double v = top * t / 4;
            int y = (int) (topPad + height - height * t / 4.0);
            body.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"11\">%s</text>%n", left - 6, y + 4,
                    format(v)));
        }
        body.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>%n", 4, 12,
                escape(unit)));
        double step = xs.size() > 1 ? (double) width / (xs.size() - 1) : 0;
        for (int i = 0; i < xs.size(); i++) {
            body.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%s</text>%n",
                    left + i * step, topPad + height + 16, escape(String.valueOf(xs.get(i)))));
        }
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            String color = COLORS[k % COLORS.length];
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < s.values().size(); i++) {
                double v = s.values().get(i);
                if (Double.isNaN(v)) {
                    continue;
                }
                double x = left + i * step;
                double y = topPad + height - v / top * height;
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                body.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n",
                        x, y, color));
            }
            body.append(String.format(Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>%n", points, color));
            body.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"%s\">%s</text>%n", left + width + 12,
                    topPad + 14 + k * 16, color, escape(s.name())));
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
