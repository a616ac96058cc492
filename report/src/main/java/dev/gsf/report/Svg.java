package dev.gsf.report;

import java.util.Locale;

/** The SVG elements the charts are drawn with; every text and hover title is escaped here. */
final class Svg {
    /** Every chart's width in pixels, so that a page's charts line up. */
    static final int WIDTH = 720;
    static final String[] COLORS = {"#2a6fb0", "#c0504d", "#4f8f3a", "#8064a2", "#d08a1e", "#17becf", "#7f7f7f",
        "#bcbd22"};
    private final StringBuilder s = new StringBuilder();

    /** Maps the values {@code min..max} onto the pixels {@code from..to}. */
    record Scale(double min, double max, double from, double to) {
        double at(double v) {
            return from + (v - min) / (max - min) * (to - from);
        }
    }

    /** Opens an SVG (inline in HTML: no xmlns needed) of this size whose title is drawn at the top left and read out by screen readers. */
    Svg(int width, int height, int titleX, String title) {
        s.append(String.format(Locale.ROOT, "<svg width='%d' height='%d' "
                + "viewBox='0 0 %d %d' font-size='11' role='img' aria-label='%s'>", width, height, width, height,
                Html.escape(title)));
        text(titleX, 20, "start", "font-size='14' font-weight='bold'", title);
    }

    Svg text(double x, double y, String anchor, String attributes, String text) {
        s.append(String.format(Locale.ROOT, "<text x='%.1f' y='%.1f' text-anchor='%s' %s>%s</text>", x, y, anchor,
                attributes, Html.escape(text)));
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, String attributes) {
        s.append(String.format(Locale.ROOT, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='%s' %s/>", x1, y1,
                x2, y2, stroke, attributes));
        return this;
    }

    /** A filled rectangle; with a hover title when {@code hover} is not null. */
    Svg rect(double x, double y, double w, double h, String fill, String hover) {
        s.append(String.format(Locale.ROOT, "<rect class='bar' x='%.1f' y='%.1f' width='%.1f' height='%.1f' "
                + "fill='%s'>", x, y, Math.max(0, w), Math.max(0, h), fill));
        return hover(hover).append("</rect>");
    }

    Svg point(double x, double y, String fill, String hover) {
        s.append(String.format(Locale.ROOT, "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'>", x, y, fill));
        return hover(hover).append("</circle>");
    }

    Svg path(String d, String stroke) {
        s.append("<path fill='none' stroke-width='2' stroke='").append(stroke).append("' d='").append(d)
                .append("'/>");
        return this;
    }

    /** The y axis label, written upwards along the left edge. */
    Svg yLabel(double middle, String label) {
        return text(14, middle, "middle", String.format(Locale.ROOT, "transform='rotate(-90 14 %.1f)'", middle),
                label);
    }

    Svg legend(int x, int top, int index, String name) {
        int y = top + 16 * index;
        rect(x, y - 9, 10, 10, COLORS[index % COLORS.length], null);
        return text(x + 15, y, "start", "", name);
    }

    String close() {
        return s.append("</svg>").toString();
    }

    static String color(int index) {
        return COLORS[index % COLORS.length];
    }

    static String coordinates(double x, double y) {
        return String.format(Locale.ROOT, "%.1f,%.1f", x, y);
    }

    private Svg hover(String hover) {
        if (hover != null) {
            s.append("<title>").append(Html.escape(hover)).append("</title>");
        }
        return this;
    }

    private Svg append(String text) {
        s.append(text);
        return this;
    }
}
