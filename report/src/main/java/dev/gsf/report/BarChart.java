package dev.gsf.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Horizontal bars, one per label, on a round-number axis from 0; a bar may carry a whisker (e.g. the min-max spread
 * of rounds). Each bar's figure is written beside it and, with its spread, shown on hover. A NaN bar reads "no data".
 */
public final class BarChart implements Chart {
    private static final int LABELS = 230;
    private static final int VALUES = 100;
    private static final int TOP = 48;
    private static final int ROW = 24;

    private record Bar(String label, double value, double low, double high) {
    }

    private final String title;
    private final String unit;
    private final List<Bar> bars = new ArrayList<>();

    public BarChart(String title, String unit) {
        this.title = title;
        this.unit = unit;
    }

    public BarChart bar(String label, double value) {
        return bar(label, value, Double.NaN, Double.NaN);
    }

    /** A bar with a whisker from {@code low} to {@code high}. */
    public BarChart bar(String label, double value, double low, double high) {
        bars.add(new Bar(label, value, low, high));
        return this;
    }

    @Override
    public String svg() {
        double top = bars.stream().flatMapToDouble(b -> java.util.stream.DoubleStream.of(b.value(), b.high()))
                .filter(v -> !Double.isNaN(v)).max().orElse(0);
        Ticks x = Ticks.covering(0, top, 5);
        double right = Svg.WIDTH - VALUES;
        Svg.Scale sx = new Svg.Scale(x.from(), x.last(), LABELS, right);
        int height = TOP + bars.size() * ROW + 10;
        Svg svg = new Svg(Svg.WIDTH, height, 8, title + " (" + unit + ")");
        for (double v : x.values()) {
            svg.line(sx.at(v), TOP - 4, sx.at(v), height - 10, "#e4e4e4", "")
                    .text(sx.at(v), TOP - 8, "middle", "", x.label(v));
        }
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double y = TOP + i * ROW;
            svg.text(LABELS - 8, y + 16, "end", "", b.label());
            if (Double.isNaN(b.value())) {
                svg.text(LABELS + 6, y + 16, "start", "fill='#777'", "no data");
                continue;
            }
            boolean whisker = !Double.isNaN(b.low()) && !Double.isNaN(b.high());
            String figure = Numbers.compact(b.value()) + " " + unit;
            svg.rect(LABELS, y + 4, sx.at(b.value()) - LABELS, 16, Svg.color(0), b.label() + ": " + figure
                    + (whisker ? " [" + Numbers.compact(b.low()) + "–" + Numbers.compact(b.high()) + "]" : ""));
            double end = sx.at(b.value());
            if (whisker) {
                double lo = sx.at(b.low());
                double hi = sx.at(b.high());
                svg.line(lo, y + 12, hi, y + 12, "#000", "").line(lo, y + 8, lo, y + 16, "#000", "")
                        .line(hi, y + 8, hi, y + 16, "#000", "");
                end = Math.max(end, hi);
            }
            svg.text(end + 6, y + 16, "start", "", figure);
        }
        svg.line(LABELS, TOP - 4, LABELS, height - 10, "#333", "");
        return svg.close();
    }
}
