package dev.gsf.micro.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.report.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ProbeTest {
    @Test
    @Timeout(60)
    void everyByteWrittenReachesTheSinkAndEachWriteTakesAtMostTheOffer() throws Exception {
        List<ProbeResult> results = new ArrayList<>();
        try (DiscardSink sink = new DiscardSink()) {
            for (ProbeCell cell : List.of(new ProbeCell(1024, true, SocketBuffers.OS_DEFAULT),
                    new ProbeCell(32 * 1024, false, new SocketBuffers(8192)))) {
                ProbeResult r = WriteProbe.run(sink.address(), cell, 200, Duration.ofSeconds(20), Duration.ofSeconds(5));
                results.add(r);

                assertThat(r.status()).as(r.reason()).isEqualTo("OK");
                assertThat(r.writes()).isEqualTo(200);
                assertThat(r.bytesPerWrite().percentile(100)).isLessThanOrEqualTo(cell.writeSize());
                assertThat(r.bytesPerWrite().mean() * r.writes()).isEqualTo((double) r.totalBytes());
                assertThat(r.selectNanos().getTotalCount()).isEqualTo(200);
            }
            assertThat(sink.awaitEnded(2, Duration.ofSeconds(10))).isTrue();
            assertThat(sink.received()).isEqualTo(results.get(0).totalBytes() + results.get(1).totalBytes());
        }
        assertThat(results.get(0).totalBytes()).isEqualTo(200 * 1024);
        assertThat(results.get(1).sndbufInForce()).isEqualTo(8192);

        var report = ProbeReport.of(results, List.of("test"));
        assertThat(report.text()).containsPattern("1K +on +os +\\d+ +200 ").containsPattern("32K +off +8192 +16384 +200 ");
        ProbeReport.Results json = Json.read(Json.write(report.results()), ProbeReport.Results.class);
        assertThat(json.command()).isEqualTo("probe");
        assertThat(json.cells()).hasSize(2);
        assertThat(json.cells().get(0).writes()).isEqualTo(200);
        assertThat(json.cells().get(0).bytesPerWrite().p50()).isEqualTo(1024);
        assertThat(json.cells().get(1).sndbufGetOption()).isEqualTo(8192);
        assertThat(json.cells().get(1).selectMicros().max()).isPositive();
    }
}
