package dev.gsf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChartsTest {
    private static final Pattern TEXT = Pattern.compile("<text [^>]*>([^<]*)</text>");

    @Test
    void escapingCoversTextAndAttributes() {
        assertThat(Html.escape("<a href='x'>\"&\"</a>")).isEqualTo(
                "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;");
    }

    @Test
    void aLineChartShowsEveryValueOnHoverAndLeavesGapsForNaN() {
        String svg = LineChart.categories("throughput <vs> clients", "clients", "MB/s", List.of(50, 100, 200))
                .series("SBA", 10.5, Double.NaN, 49.4).series("EBA", 12, 98.7, 197).svg();
        assertThat(svg).contains("<title>SBA, 50: 10.5 MB/s</title>", "<title>EBA, 200: 197 MB/s</title>")
                .contains("throughput &lt;vs&gt; clients").doesNotContain("<vs>");
        assertThat(svg.split("<circle", -1)).hasSize(6); // 5 points: the NaN has none
        assertThat(labels(svg)).containsSubsequence("0", "50", "100", "150", "200");
    }

    @Test
    void aNumericChartHasRoundTicksABandAndAReference() {
        var points = List.of(new LineChart.Point(0.5, 0.011, "0.5 s"), new LineChart.Point(9.5, 0.017, "9.5 s"));
        String svg = LineChart.numeric("t", "seconds", "MB/s").series("", points).band(2, 8, "steady state")
                .reference(0.02, "target").svg();
        List<String> labels = labels(svg);
        assertThat(labels).containsSubsequence("0.000", "0.005", "0.010", "0.015", "0.020");
        assertThat(labels).containsSubsequence("0", "2", "4", "6", "8", "10");
        assertThat(svg).contains("steady state", "target 0.02 MB/s", "<title>9.5 s: 0.017 MB/s</title>");
    }

    @Test
    void chartsWithALegendOnTheSameXTicksPlaceEveryTickAlike() {
        var one = List.of(new LineChart.Point(1, 5, "1 s"), new LineChart.Point(9, 7, "9 s"));
        var two = List.of(new LineChart.Point(0.5, 100, "0.5 s"), new LineChart.Point(7, 300, "7 s"));
        LineChart single = LineChart.numeric("one line", "seconds", "MB").series("RSS", one).legend();
        LineChart pair = LineChart.numeric("two lines", "seconds", "count").series("a", two).series("b", two);
        for (int x = 0; x <= 10; x += 2) {
            single.xTick(x, Integer.toString(x));
            pair.xTick(x, Integer.toString(x));
        }
        String singleSvg = single.svg();
        assertThat(singleSvg).contains("<title>RSS, 9 s: 7 MB</title>");
        assertThat(xTicks(singleSvg)).hasSize(6).isEqualTo(xTicks(pair.svg()));
        String wider = LineChart.numeric("no legend", "seconds", "MB").series("RSS", one).xTick(0, "0")
                .xTick(10, "10").svg();
        assertThat(xTicks(wider)).as("without the legend the plot is wider")
                .doesNotContain(xTicks(singleSvg).getLast());
    }

    /** Each x tick label with its position: "x@label". */
    private static List<String> xTicks(String svg) {
        Matcher m = Pattern.compile("<text x='([0-9.]+)' y='[0-9.]+' text-anchor='middle' >([0-9.]+)</text>")
                .matcher(svg);
        List<String> ticks = new java.util.ArrayList<>();
        while (m.find()) {
            ticks.add(m.group(1) + "@" + m.group(2));
        }
        return ticks;
    }

    @Test
    void barsCarryTheirFigureAndSpread() {
        String svg = new BarChart("req/s", "req/s").bar("gsf SBA", 2307, 2279, 2522).bar("nginx", Double.NaN).svg();
        assertThat(svg).contains("<title>gsf SBA: 2307 req/s [2279–2522]</title>", "no data");
        assertThat(labels(svg)).containsSubsequence("0", "1000", "2000", "3000").doesNotContain("2522.0");
    }

    @Test
    void aPageIsOneOfflineFile() {
        String html = new Page("a & b").paragraph("x < y").pre("col  col").chart(new BarChart("c", "u").bar("l", 1))
                .heading("Run 1", "PASSED", true).html();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>a &amp; b</title>", "x &lt; y", "<svg",
                "class='good'>PASSED").doesNotContain("<script", "http://", "https://");
    }

    private static List<String> labels(String svg) {
        Matcher m = TEXT.matcher(svg);
        List<String> all = new java.util.ArrayList<>();
        while (m.find()) {
            all.add(m.group(1));
        }
        return all;
    }
}
