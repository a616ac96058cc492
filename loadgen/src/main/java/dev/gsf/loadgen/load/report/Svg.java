package dev.gsf.loadgen.load.report;

import java.util.List;
import java.util.Locale;

/** Inline SVG charts for report.html: drawn here, so the page needs no script and no network. */
final class Svg {
    private static final int W = 720;
    private static final int H = 280;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 30;
    private static final int BOTTOM = 45;

    /** A labelled tick on the x axis of a line chart. */
    record Tick(double x, String label) {
    }

    private Svg() {
    }

    /**
     * A line chart.
     *
     * @param shadeFrom x where a shaded band starts (the steady state), NaN for none
     */
    static String line(String title, String xLabel, String yLabel, double[] xs, double[] ys, List<Tick> xTicks,
                       double shadeFrom, double shadeTo, double target) {
        StringBuilder s = open(title);
        double xMin = xs.length == 0 ? 0 : xs[0];
        double xMax = xs.length == 0 ? 1 : Math.max(xs[xs.length - 1], xMin + 1e-9);
        double yMax = niceMax(Double.isNaN(target) ? max(ys) : Math.max(max(ys), target));
        if (!Double.isNaN(shadeFrom)) {
            double a = Math.max(xMin, shadeFrom);
            double b = Math.min(xMax, shadeTo);
            if (b > a) {
                s.append(String.format(Locale.ROOT,
                        "<rect x='%.1f' y='%d' width='%.1f' height='%d' fill='#e8f3e8'/>"
                                + "<text x='%.1f' y='%d' font-size='10' fill='#4a7'>steady state</text>",
                        px(a, xMin, xMax), TOP, px(b, xMin, xMax) - px(a, xMin, xMax), H - TOP - BOTTOM,
                        px(a, xMin, xMax) + 4, TOP + 12));
            }
        }
        axes(s, xLabel, yLabel, yMax);
        for (Tick t : xTicks) {
            if (t.x() < xMin || t.x() > xMax + 1e-9) {
                continue;
            }
            double x = px(t.x(), xMin, xMax);
            s.append(String.format(Locale.ROOT, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#999'/>"
                    + "<text x='%.1f' y='%d' font-size='10' text-anchor='middle'>%s</text>", x, H - BOTTOM, x,
                    H - BOTTOM + 4, x, H - BOTTOM + 15, esc(t.label())));
        }
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            if (!Double.isNaN(ys[i])) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(xs[i], xMin, xMax), py(ys[i], yMax)));
            }
        }
        s.append("<polyline fill='none' stroke='#2a6fb0' stroke-width='2' points='").append(points).append("'/>");
        if (!Double.isNaN(target)) {
            s.append(String.format(Locale.ROOT, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#c60' "
                    + "stroke-dasharray='6 4'/><text x='%d' y='%.1f' font-size='10' fill='#c60' text-anchor='end'>"
                    + "target %s</text>", LEFT, py(target, yMax), W - RIGHT, py(target, yMax), W - RIGHT,
                    py(target, yMax) - 4, Fmt.num(target, 2)));
        }
        return s.append("</svg>").toString();
    }

    /** A bar chart with one labelled bar per category. */
    static String bars(String title, String yLabel, List<String> labels, double[] values) {
        StringBuilder s = open(title);
        double yMax = niceMax(max(values));
        axes(s, "", yLabel, yMax);
        int n = Math.max(1, labels.size());
        double slot = (W - LEFT - RIGHT) / (double) n;
        for (int i = 0; i < labels.size(); i++) {
            double x = LEFT + i * slot + slot * 0.15;
            double v = Double.isNaN(values[i]) ? 0 : values[i];
            double y = py(v, yMax);
            s.append(String.format(Locale.ROOT,
                    "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='#2a6fb0'/>"
                            + "<text x='%.1f' y='%.1f' font-size='10' text-anchor='middle'>%s</text>"
                            + "<text x='%.1f' y='%d' font-size='10' text-anchor='middle'>%s</text>",
                    x, y, slot * 0.7, H - BOTTOM - y, x + slot * 0.35, y - 3,
                    Double.isNaN(values[i]) ? "no data" : Fmt.num(values[i], 3), x + slot * 0.35, H - BOTTOM + 15,
                    esc(labels.get(i))));
        }
        return s.append("</svg>").toString();
    }

    private static StringBuilder open(String title) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d' "
                        + "font-family='sans-serif'><text x='%d' y='18' font-size='14' font-weight='bold'>%s</text>",
                W, H, W, H, LEFT, esc(title)));
    }

    private static void axes(StringBuilder s, String xLabel, String yLabel, double yMax) {
        for (int i = 0; i <= 4; i++) {
            double v = yMax * i / 4;
            double y = py(v, yMax);
            s.append(String.format(Locale.ROOT, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#ddd'/>"
                    + "<text x='%d' y='%.1f' font-size='10' text-anchor='end'>%s</text>", LEFT, y, W - RIGHT, y,
                    LEFT - 5, y + 3, Fmt.num(v, v >= 10 || v == 0 ? 0 : 2)));
        }
        s.append(String.format(Locale.ROOT, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>"
                        + "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>"
                        + "<text x='%d' y='%d' font-size='11' text-anchor='middle'>%s</text>"
                        + "<text x='14' y='%d' font-size='11' text-anchor='middle' transform='rotate(-90 14 %d)'>%s</text>",
                LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM, LEFT, TOP, LEFT, H - BOTTOM, (LEFT + W - RIGHT) / 2, H - 8,
                esc(xLabel), (TOP + H - BOTTOM) / 2, (TOP + H - BOTTOM) / 2, esc(yLabel)));
    }

    private static double px(double x, double min, double max) {
        return LEFT + (x - min) / (max - min) * (W - LEFT - RIGHT);
    }

    private static double py(double y, double max) {
        return H - BOTTOM - y / max * (H - TOP - BOTTOM);
    }

    private static double max(double[] values) {
        double m = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /** 1, 2 or 5 times a power of ten, at least the value, so gridlines fall on round numbers. */
    static double niceMax(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
                .replace("\"", "&quot;");
    }
}
