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

    /** Where the plot is drawn: its scales and size in pixels. */
    private record Plot(Svg.Scale sx, Svg.Scale sy, double width, double height) {
    }

    /** The x axis: its range and the ticks drawn on it. */
    private record XAxis(double min, double max, List<Tick> ticks) {
    }

    @Override
    public String svg() {
        boolean legend = series.size() > 1 || legendAlways;
        int right = legend ? 160 : 24;
        double plotWidth = Svg.WIDTH - LEFT - right;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        List<Point> all = series.stream().flatMap(s -> s.points().stream()).filter(p -> !Double.isNaN(p.y()))
                .toList();
        Ticks y = yTicks(all);
        XAxis x = xAxis(all);
        Plot plot = new Plot(new Svg.Scale(x.min(), x.max(), LEFT, LEFT + plotWidth),
                new Svg.Scale(y.from(), y.last(), TOP + plotHeight, TOP), plotWidth, plotHeight);
        Svg svg = new Svg(Svg.WIDTH, HEIGHT, LEFT, title);
        // Drawn back to front: the band, the grid, the axes, the reference, then the lines over them.
        drawBand(svg, plot, x);
        drawYGrid(svg, plot, y);
        drawXTicks(svg, plot, x);
        drawAxes(svg, plot);
        drawReference(svg, plot);
        for (int k = 0; k < series.size(); k++) {
            drawSeries(svg, plot, k, legend);
            if (legend) {
                svg.legend(Svg.WIDTH - right + 14, TOP + 8, k, series.get(k).name());
            }
        }
        return svg.close();
    }

    /** From 0 (or the lowest value, when below 0) to the highest value or the reference. */
    private Ticks yTicks(List<Point> all) {
        double yMax = all.stream().mapToDouble(Point::y).max().orElse(0);
        double yMin = Math.min(0, all.stream().mapToDouble(Point::y).min().orElse(0));
        return Ticks.covering(yMin, Double.isNaN(reference) ? yMax : Math.max(yMax, reference), 5);
    }

    /**
     * Categories are evenly spaced, half a step in from either end; numbers span round ticks, or the points and the
     * given ticks when there are any. An empty range is one wide.
     */
    private XAxis xAxis(List<Point> all) {
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
        return new XAxis(xMin, xMax, ticks);
    }

    /** The shaded band, cut to the x axis; none when nothing of it is in range. */
    private void drawBand(Svg svg, Plot plot, XAxis x) {
        if (!Double.isNaN(bandFrom)) {
            double a = plot.sx().at(Math.max(x.min(), bandFrom));
            double b = plot.sx().at(Math.min(x.max(), bandTo));
            if (b > a) {
                svg.rect(a, TOP, b - a, plot.height(), "#e8f3e8", null).text(a + 4, TOP + 12, "start",
                        "font-size='10' fill='#4a7'", bandLabel);
            }
        }
    }

    private void drawYGrid(Svg svg, Plot plot, Ticks y) {
        for (double v : y.values()) {
            svg.line(LEFT, plot.sy().at(v), LEFT + plot.width(), plot.sy().at(v), "#e4e4e4", "")
                    .text(LEFT - 6, plot.sy().at(v) + 4, "end", "", y.label(v));
        }
    }

    /** The ticks within the range (a given tick may fall outside it), each with its label. */
    private void drawXTicks(Svg svg, Plot plot, XAxis x) {
        double bottom = TOP + plot.height();
        for (Tick t : x.ticks()) {
            if (t.x() >= x.min() - 1e-9 && t.x() <= x.max() + 1e-9) {
                svg.line(plot.sx().at(t.x()), bottom, plot.sx().at(t.x()), bottom + 4, "#333", "")
                        .text(plot.sx().at(t.x()), bottom + 16, "middle", "", t.label());
            }
        }
    }

    private void drawAxes(Svg svg, Plot plot) {
        double bottom = TOP + plot.height();
        svg.line(LEFT, TOP, LEFT, bottom, "#333", "")
                .line(LEFT, bottom, LEFT + plot.width(), bottom, "#333", "")
                .text(LEFT + plot.width() / 2, HEIGHT - 8, "middle", "", xLabel)
                .yLabel(TOP + plot.height() / 2, yUnit);
    }

    private void drawReference(Svg svg, Plot plot) {
        if (!Double.isNaN(reference)) {
            double at = plot.sy().at(reference);
            svg.line(LEFT, at, LEFT + plot.width(), at, "#c60", "stroke-dasharray='6 4'")
                    .text(LEFT + plot.width(), at - 4, "end", "font-size='10' fill='#c60'",
                            referenceLabel + " " + Numbers.compact(reference) + " " + yUnit);
        }
    }

    /** Series k's line, lifted at each NaN so that it leaves a gap, then its points with their hover figures. */
    private void drawSeries(Svg svg, Plot plot, int k, boolean legend) {
        Series s = series.get(k);
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        for (Point p : s.points()) {
            if (Double.isNaN(p.y())) {
                pen = false;
                continue;
            }
            d.append(pen ? " L" : " M").append(Svg.coordinates(plot.sx().at(p.x()), plot.sy().at(p.y())));
            pen = true;
        }
        svg.path(d.toString().trim(), Svg.color(k));
        for (Point p : s.points()) {
            if (!Double.isNaN(p.y())) {
                svg.point(plot.sx().at(p.x()), plot.sy().at(p.y()), Svg.color(k), (legend ? s.name() + ", " : "")
                        + p.xText() + ": " + Numbers.compact(p.y()) + " " + yUnit);
            }
        }
    }
}
