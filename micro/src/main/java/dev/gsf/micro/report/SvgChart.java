package dev.gsf.micro.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Inline SVG charts that need nothing outside the page: a line chart over categories (NaN leaves a gap, as a
 * DL cell does) and a horizontal bar chart.
 */
public final class SvgChart {
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    private static final int W = 640;
    private static final int H = 320;
    private static final int LEFT = 60;
    private static final int RIGHT = 150;
    private static final int TOP = 30;
    private static final int BOTTOM = 40;

    private SvgChart() {
    }

    /** One line per series over the x categories; y from 0 to the largest value. */
    public static String lines(String title, String xLabel, String yLabel, List<String> xs,
                               Map<String, double[]> series) {
        double max = series.values().stream().flatMapToDouble(java.util.Arrays::stream)
                .filter(v -> !Double.isNaN(v)).max().orElse(1);
        max = max <= 0 ? 1 : max * 1.1;
        StringBuilder sb = frame(title, xLabel, yLabel, max);
        double step = xs.size() > 1 ? (W - LEFT - RIGHT) / (double) (xs.size() - 1) : 0;
        for (int i = 0; i < xs.size(); i++) {
            sb.append(text(LEFT + i * step, H - BOTTOM + 15, xs.get(i), "middle"));
        }
        int c = 0;
        for (Map.Entry<String, double[]> s : series.entrySet()) {
            String color = COLORS[c % COLORS.length];
            StringBuilder path = new StringBuilder();
            boolean pen = false;
            double[] v = s.getValue();
            for (int i = 0; i < v.length && i < xs.size(); i++) {
                if (Double.isNaN(v[i])) {
                    pen = false;
                    continue;
                }
                double x = LEFT + i * step;
                double y = y(v[i], max);
                path.append(pen ? " L" : " M").append(fmt(x)).append(',').append(fmt(y));
                sb.append("<circle cx='").append(fmt(x)).append("' cy='").append(fmt(y))
                        .append("' r='3' fill='").append(color).append("'/>");
                pen = true;
            }
            sb.append("<path d='").append(path).append("' fill='none' stroke='").append(color)
                    .append("' stroke-width='2'/>");
            legend(sb, c++, color, s.getKey());
        }
        return sb.append("</svg>").toString();
    }

    /** One bar per label, values from 0 to the largest. */
    public static String bars(String title, String yLabel, List<String> labels, double[] values) {
        double max = java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)).max().orElse(1);
        max = max <= 0 ? 1 : max * 1.1;
        StringBuilder sb = frame(title, "", yLabel, max);
        double slot = (W - LEFT - RIGHT) / (double) Math.max(1, labels.size());
        for (int i = 0; i < labels.size(); i++) {
            double x = LEFT + i * slot + slot * 0.15;
            if (!Double.isNaN(values[i])) {
                double y = y(values[i], max);
                sb.append("<rect x='").append(fmt(x)).append("' y='").append(fmt(y)).append("' width='")
                        .append(fmt(slot * 0.7)).append("' height='").append(fmt(H - BOTTOM - y))
                        .append("' fill='").append(COLORS[0]).append("'><title>").append(esc(labels.get(i)))
                        .append(": ").append(fmt(values[i])).append("</title></rect>");
            }
            sb.append("<text x='").append(fmt(x + slot * 0.35)).append("' y='").append(H - BOTTOM + 12)
                    .append("' font-size='9' text-anchor='end' transform='rotate(-35 ").append(fmt(x + slot * 0.35))
                    .append(' ').append(H - BOTTOM + 12).append(")'>").append(esc(labels.get(i))).append("</text>");
        }
        return sb.append("</svg>").toString();
    }

    private static StringBuilder frame(String title, String xLabel, String yLabel, double max) {
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns='http://www.w3.org/2000/svg' width='").append(W).append("' height='").append(H + 20)
                .append("' font-family='sans-serif' font-size='11'>");
        sb.append(text(W / 2.0 - RIGHT / 2.0, 16, title, "middle").replace("<text", "<text font-weight='bold'"));
        sb.append("<line x1='").append(LEFT).append("' y1='").append(H - BOTTOM).append("' x2='").append(W - RIGHT)
                .append("' y2='").append(H - BOTTOM).append("' stroke='black'/>");
        sb.append("<line x1='").append(LEFT).append("' y1='").append(TOP).append("' x2='").append(LEFT)
                .append("' y2='").append(H - BOTTOM).append("' stroke='black'/>");
        for (int i = 0; i <= 4; i++) {
            double v = max * i / 4;
            double y = y(v, max);
            sb.append("<line x1='").append(LEFT).append("' y1='").append(fmt(y)).append("' x2='").append(W - RIGHT)
                    .append("' y2='").append(fmt(y)).append("' stroke='#ddd'/>");
            sb.append(text(LEFT - 5, y + 4, fmt(v), "end"));
        }
        sb.append(text(W / 2.0 - RIGHT / 2.0, H + 10, xLabel, "middle"));
        sb.append("<text x='14' y='").append(H / 2).append("' transform='rotate(-90 14 ").append(H / 2)
                .append(")' text-anchor='middle'>").append(esc(yLabel)).append("</text>");
        return sb;
    }

    private static void legend(StringBuilder sb, int i, String color, String name) {
        int y = TOP + 14 * i;
        sb.append("<rect x='").append(W - RIGHT + 10).append("' y='").append(y - 8)
                .append("' width='10' height='10' fill='").append(color).append("'/>");
        sb.append(text(W - RIGHT + 24, y + 1, name, "start"));
    }

    private static double y(double v, double max) {
        return H - BOTTOM - (H - BOTTOM - TOP) * v / max;
    }

    private static String text(double x, double y, String s, String anchor) {
        return "<text x='" + fmt(x) + "' y='" + fmt(y) + "' text-anchor='" + anchor + "'>" + esc(s) + "</text>";
    }

    static String fmt(double v) {
        if (Math.abs(v) >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;");
    }
}
