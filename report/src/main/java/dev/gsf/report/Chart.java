package dev.gsf.report;

/** A chart that a {@link Page} can show: inline SVG, with each value's figure in a hover title. */
public sealed interface Chart permits LineChart, BarChart {
    /** The chart as one {@code <svg>} element. */
    String svg();
}
