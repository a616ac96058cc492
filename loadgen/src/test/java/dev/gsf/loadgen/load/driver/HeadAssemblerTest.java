package dev.gsf.loadgen.load.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** A response head gathered from one read or from many, and the body bytes that follow it left in the buffer. */
class HeadAssemblerTest {
    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nServer: x\r\n\r\n";

    @Test
    void aHeadInOneReadIsParsedInPlaceAndTheBodyStaysInTheBuffer() throws Exception {
        HeadAssembler heads = new HeadAssembler();
        ByteBuffer read = bytes(HEAD + "BODY");
        ResponseHead head = heads.take(read);
        assertThat(head.contentLength()).isEqualTo(4);
        assertThat(read.remaining()).isEqualTo(4);
        assertThat(heads.nothingReceived()).isTrue();
    }

    @Test
    void aHeadSplitAcrossReadsEvenInsideItsBlankLineIsGathered() throws Exception {
        HeadAssembler heads = new HeadAssembler();
        int cut = HEAD.length() - 2; // between the two CRLFs of the blank line
        assertThat(heads.take(bytes(HEAD.substring(0, cut)))).isNull();
        assertThat(heads.nothingReceived()).isFalse();
        ByteBuffer rest = bytes(HEAD.substring(cut) + "BO");
        ResponseHead head = heads.take(rest);
        assertThat(head.server()).isEqualTo("x");
        assertThat(StandardCharsets.ISO_8859_1.decode(rest).toString()).isEqualTo("BO");
    }

    @Test
    void aHeadThatNeverEndsIsTooLong() throws Exception {
        HeadAssembler heads = new HeadAssembler();
        String filler = "X-Filler: " + "a".repeat(1000) + "\r\n";
        assertThat(heads.take(bytes("HTTP/1.1 200 OK\r\n"))).isNull();
        for (int i = 0; i < 17 && !heads.tooLong(); i++) {
            assertThat(heads.take(bytes(filler))).isNull();
        }
        assertThat(heads.tooLong()).isTrue();
    }

    @Test
    void theBodyIsCountedAgainstItsLengthAndDigested() {
        BodyCheck body = new BodyCheck();
        body.reset();
        body.expect(4);
        ByteBuffer read = bytes("BODYextra");
        assertThat(body.take(read)).isEqualTo(4);
        assertThat(body.complete()).isTrue();
        assertThat(read.remaining()).isEqualTo(5);
        assertThat(body.md5Mismatch(HexFormat.of().parseHex("786329b34bbe53ab40a54a19cd597f2d"))).isNull();
        body.reset();
        body.expect(4);
        body.take(bytes("BODZ"));
        assertThat(body.md5Mismatch(HexFormat.of().parseHex("786329b34bbe53ab40a54a19cd597f2d")))
                .isNotEqualTo("786329b34bbe53ab40a54a19cd597f2d").hasSize(32);
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
