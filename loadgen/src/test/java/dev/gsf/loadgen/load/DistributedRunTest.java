package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.server.FileServer;
import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Interval logs, segments and their merge, against our real file server on a loopback port. */
@Timeout(60)
class DistributedRunTest {
    @TempDir
    static Path root;
    static Path manifest;
    static FileServer server;

    @BeforeAll
    static void start() throws Exception {
        manifest = LoadFixture.files(root, LoadFixture.SMALL);
        server = LoadFixture.serve(root);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theIntervalLogHoldsTheSummarysHistogramsOnAbsoluteTime(@TempDir Path out) throws Exception {
        var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--clients", "3",
                "--ramp-up", "300ms", "--steady", "1500ms", "--ramp-down", "300ms", "--interval", "250ms");
        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode clock = run.run().required("clock");
        double start = clock.required("startEpochMs").doubleValue();
        double end = clock.required("endEpochMs").doubleValue();
        assertThat(clock.required("steadyStartEpochMs").doubleValue()).isCloseTo(start + 300, within(1));
        assertThat(clock.required("steadyEndEpochMs").doubleValue()).isCloseTo(start + 1800, within(1));
        assertThat(run.run().required("histogramLog").asText()).isEqualTo("histograms.hlog");

        Map<String, Histogram> sums = new HashMap<>();
        int initIntervals = 0;
        try (HistogramLogReader reader = new HistogramLogReader(new File(out.resolve("histograms.hlog").toString()))) {
            for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
                Histogram h = (Histogram) e;
                assertThat((double) h.getStartTimeStamp()).isBetween(start - 1, end + 1);
                assertThat((double) h.getEndTimeStamp()).isBetween(start, end + 10_000);
                sums.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add(h);
                initIntervals += h.getTag().equals("init") ? 1 : 0;
            }
        }
        assertThat(initIntervals).isGreaterThanOrEqualTo(7); // every 250 ms of 2.1 s, and the last partial one
        JsonNode initMs = run.run().required("initMs");
        Histogram steadyInit = sums.get("steady.init");
        assertThat(steadyInit.getTotalCount()).isEqualTo(initMs.required("count").longValue()).isPositive();
        assertThat(steadyInit.getValueAtPercentile(99) / 1000.0).isEqualTo(initMs.required("p99").doubleValue());
        assertThat(sums.get("init").getTotalCount()).isGreaterThanOrEqualTo(steadyInit.getTotalCount());
        JsonNode file = run.run().required("files").required(0);
        assertThat(sums.get("steady.time:1KB.bin").getTotalCount()).isEqualTo(file.required("downloads").longValue());
        assertThat(sums.get("steady.speed:1KB.bin").getMaxValue() / (double) (1 << 20))
                .isCloseTo(file.required("speedMBs").required("max").doubleValue(), within(1e-9));
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
