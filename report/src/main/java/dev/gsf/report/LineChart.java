package dev.gsf.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines over a numeric x axis (time, a percentile scale) or over categories (client counts, thread counts). A NaN
 * value leaves a gap. The y axis starts at 0 and ends on a round tick; every point shows its figure on hover. An
 * optional shaded band marks a span of x (the steady state) and a dashed line a y reference (a target).
 */
public final class LineChart implements Chart {
    private static final int HEIGHT = 300;
    private static final int LEFT = 64;
    private static final int TOP = 34;
    private static final int BOTTOM = 46;

    /** One point; {@code xText} is how hover titles name its x. */
    public record Point(double x, double y, String xText) {
    }

    private record Series(String name, List<Point> points) {
    }

    private record Tick(double x, String label) {
    }

    private final String title;
    private final String xLabel;
    private final String yUnit;
    private final List<String> categories;
    private final List<Series> series = new ArrayList<>();
    private final List<Tick> xTicks = new ArrayList<>();
    private double bandFrom = Double.NaN;
    private double bandTo = Double.NaN;
    private String bandLabel;
    private double reference = Double.NaN;
    private String referenceLabel;
    private boolean legendAlways;

    private LineChart(String title, String xLabel, String yUnit, List<String> categories) {
        this.title = title;
        this.xLabel = xLabel;
        this.yUnit = yUnit;
        this.categories = categories;
    }

    /** x is a number; ticks fall on round numbers unless {@link #xTick} gives them. */
    public static LineChart numeric(String title, String xLabel, String yUnit) {
        return new LineChart(title, xLabel, yUnit, null);
    }

    /** x is one of {@code categories}, evenly spaced in the given order. */
    public static LineChart categories(String title, String xLabel, String yUnit, List<?> categories) {
        return new LineChart(title, xLabel, yUnit, categories.stream().map(String::valueOf).toList());
    }

    /** A line over the categories: {@code ys[i]} belongs to category i. */
    public LineChart series(String name, double... ys) {
        if (categories == null) {
            throw new IllegalStateException("a numeric chart takes points: series(name, points)");
        }
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < ys.length && i < categories.size(); i++) {
            points.add(new Point(i, ys[i], categories.get(i)));
        }
        return series(name, points);
    }

    public LineChart series(String name, List<Point> points) {
        series.add(new Series(name, List.copyOf(points)));
        return this;
    }

    /** A labelled x tick; once one is given, only given ticks are drawn. */
    public LineChart xTick(double x, String label) {
        xTicks.add(new Tick(x, label));
        return this;
    }

    public LineChart band(double from, double to, String label) {
        bandFrom = from;
        bandTo = to;
        bandLabel = label;
        return this;
    }

    /**
     * Draws the legend even for a single line. The legend takes width from the plot, so charts stacked on one x axis
     * (the same run's time) line up only when all of them have one.
     */
    public LineChart legend() {
        legendAlways = true;
        return this;
    }

    public LineChart reference(double y, String label) {
        reference = y;
        referenceLabel = label;
        return this;
    }

    @Override
    public String svg() {
        boolean legend = series.size() > 1 || legendAlways;
        int right = legend ? 160 : 24;
        double plotWidth = Svg.WIDTH - LEFT - right;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        List<Point> all = series.stream().flatMap(s -> s.points().stream()).filter(p -> !Double.isNaN(p.y()))
                .toList();
        double yMax = all.stream().mapToDouble(Point::y).max().orElse(0);
        double yMin = Math.min(0, all.stream().mapToDouble(Point::y).min().orElse(0));
        Ticks y = Ticks.covering(yMin, Double.isNaN(reference) ? yMax : Math.max(yMax, reference), 5);
        List<Tick> ticks = new ArrayList<>(xTicks);
        double xMin;
        double xMax;
        if (categories != null) {
            xMin = -0.5;
            xMax = categories.size() - 0.5;
            for (int i = 0; i < categories.size() && xTicks.isEmpty(); i++) {
                ticks.add(new Tick(i, categories.get(i)));
            }
        } else if (ticks.isEmpty()) {
            Ticks x = Ticks.covering(all.stream().mapToDouble(Point::x).min().orElse(0),
                    all.stream().mapToDouble(Point::x).max().orElse(1), 8);
            x.values().forEach(v -> ticks.add(new Tick(v, x.label(v))));
            xMin = x.from();
            xMax = x.last();
        } else {
            xMin = Math.min(all.stream().mapToDouble(Point::x).min().orElse(0),
                    ticks.stream().mapToDouble(Tick::x).min().orElseThrow());
            xMax = Math.max(all.stream().mapToDouble(Point::x).max().orElse(1),
                    ticks.stream().mapToDouble(Tick::x).max().orElseThrow());
        }
        if (!(xMax > xMin)) {
            xMax = xMin + 1;
        }
        Svg.Scale sx = new Svg.Scale(xMin, xMax, LEFT, LEFT + plotWidth);
        Svg.Scale sy = new Svg.Scale(y.from(), y.last(), TOP + plotHeight, TOP);
        Svg svg = new Svg(Svg.WIDTH, HEIGHT, LEFT, title);
        if (!Double.isNaN(bandFrom)) {
            double a = sx.at(Math.max(xMin, bandFrom));
            double b = sx.at(Math.min(xMax, bandTo));
            if (b > a) {
                svg.rect(a, TOP, b - a, plotHeight, "#e8f3e8", null).text(a + 4, TOP + 12, "start",
                        "font-size='10' fill='#4a7'", bandLabel);
            }
        }
        for (double v : y.values()) {
            svg.line(LEFT, sy.at(v), LEFT + plotWidth, sy.at(v), "#e4e4e4", "")
                    .text(LEFT - 6, sy.at(v) + 4, "end", "", y.label(v));
        }
        for (Tick t : ticks) {
            if (t.x() >= xMin - 1e-9 && t.x() <= xMax + 1e-9) {
                svg.line(sx.at(t.x()), TOP + plotHeight, sx.at(t.x()), TOP + plotHeight + 4, "#333", "")
                        .text(sx.at(t.x()), TOP + plotHeight + 16, "middle", "", t.label());
            }
        }
        svg.line(LEFT, TOP, LEFT, TOP + plotHeight, "#333", "")
                .line(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight, "#333", "")
                .text(LEFT + plotWidth / 2, HEIGHT - 8, "middle", "", xLabel)
                .yLabel(TOP + plotHeight / 2, yUnit);
        if (!Double.isNaN(reference)) {
            svg.line(LEFT, sy.at(reference), LEFT + plotWidth, sy.at(reference), "#c60", "stroke-dasharray='6 4'")
                    .text(LEFT + plotWidth, sy.at(reference) - 4, "end", "font-size='10' fill='#c60'",
                            referenceLabel + " " + Numbers.compact(reference) + " " + yUnit);
        }
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            StringBuilder d = new StringBuilder();
            boolean pen = false;
            for (Point p : s.points()) {
                if (Double.isNaN(p.y())) {
                    pen = false;
                    continue;
                }
                d.append(pen ? " L" : " M").append(Svg.coordinates(sx.at(p.x()), sy.at(p.y())));
                pen = true;
            }
            svg.path(d.toString().trim(), Svg.color(k));
            for (Point p : s.points()) {
                if (!Double.isNaN(p.y())) {
                    svg.point(sx.at(p.x()), sy.at(p.y()), Svg.color(k), (legend ? s.name() + ", " : "")
                            + p.xText() + ": " + Numbers.compact(p.y()) + " " + yUnit);
                }
            }
            if (legend) {
                svg.legend(Svg.WIDTH - right + 14, TOP + 8, k, s.name());
            }
        }
        return svg.close();
    }
}
