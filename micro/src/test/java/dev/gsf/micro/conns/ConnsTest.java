package dev.gsf.micro.conns;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.report.Json;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ConnsTest {
    @Test
    void decoderFindsEveryFrameHoweverTheStreamIsSplit() {
        ByteBuffer block = Frames.block(100, 5, 1);
        FrameDecoder whole = new FrameDecoder(100);
        FrameDecoder bytewise = new FrameDecoder(100);

        whole.feed(block.duplicate());
        ByteBuffer b = block.duplicate();
        while (b.hasRemaining()) {
            bytewise.feed(b.slice(b.position(), 1));
            b.position(b.position() + 1);
        }

        assertThat(whole.valid()).isEqualTo(5);
        assertThat(bytewise.valid()).isEqualTo(5);
        assertThat(whole.corrupt() + bytewise.corrupt() + whole.pending() + bytewise.pending()).isZero();
    }

    @Test
    void decoderCountsAFlippedPayloadByteAsCorrupt() {
        ByteBuffer copy = ByteBuffer.allocate(Frames.block(100, 3, 2).remaining()).put(Frames.block(100, 3, 2)).flip();
        int inSecondPayload = (100 + Frames.OVERHEAD) + Integer.BYTES + 50;
        copy.put(inSecondPayload, (byte) (copy.get(inSecondPayload) ^ 1));
        FrameDecoder decoder = new FrameDecoder(100);

        decoder.feed(copy);

        assertThat(decoder.valid()).isEqualTo(2);
        assertThat(decoder.corrupt()).isEqualTo(1);
    }

    @Test
    @Timeout(60)
    void everyModelChecksEveryFrameTheClientsSent() throws Exception {
        ConnsSettings s = new ConnsSettings(40, 2, 512, Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(5));
        List<ConnsResult> results = new ArrayList<>();
        for (ConnsModel model : List.of(ConnsModel.PLATFORM, ConnsModel.VIRTUAL, ConnsModel.reactor(1),
                ConnsModel.reactor(3))) {
            ConnsResult r = ConnsCell.run(model, s);
            results.add(r);

            assertThat(r.status()).as(model.label() + ": " + r.reason()).isEqualTo("OK");
            assertThat(r.framesSent()).isPositive().isEqualTo(r.framesValid());
            assertThat(r.corrupt()).isZero();
            assertThat(r.framesPerSecond()).isPositive();
        }
        assertThat(results.get(0).serverThreads()).isEqualTo(40);
        assertThat(results.get(3).serverThreads()).isEqualTo(3);

        var report = ConnsReport.of(results, List.of("test"));
        assertThat(report.text()).containsPattern("40 +N +3 +13 +1 +\\d+");
        ConnsReport.Results json = Json.read(Json.write(report.results()), ConnsReport.Results.class);
        assertThat(json.runs()).hasSize(4);
        assertThat(json.runs().get(2).framesValid()).isPositive().isEqualTo(results.get(2).framesValid());
        assertThat(json.runs().get(3).model()).isEqualTo("reactor");
        assertThat(json.runs().get(3).selectors()).isEqualTo(3);
    }
}
