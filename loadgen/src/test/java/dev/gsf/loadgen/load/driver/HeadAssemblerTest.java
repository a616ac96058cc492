package dev.gsf.loadgen.load.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        HeadFields head = new HeadFields();
        assertThat(heads.take(read, head)).isTrue();
        assertThat(head.contentLength()).isEqualTo(4);
        assertThat(read.remaining()).isEqualTo(4);
        assertThat(heads.nothingReceived()).isTrue();
    }

    @Test
    void aHeadSplitAcrossReadsEvenInsideItsBlankLineIsGathered() throws Exception {
        HeadAssembler heads = new HeadAssembler();
        int cut = HEAD.length() - 2; // between the two CRLFs of the blank line
        HeadFields head = new HeadFields();
        assertThat(heads.take(bytes(HEAD.substring(0, cut)), head)).isFalse();
        assertThat(heads.nothingReceived()).isFalse();
        ByteBuffer rest = bytes(HEAD.substring(cut) + "BO");
        assertThat(heads.take(rest, head)).isTrue();
        assertThat(head.text(HeadFields.SERVER)).isEqualTo("x");
        assertThat(StandardCharsets.ISO_8859_1.decode(rest).toString()).isEqualTo("BO");
    }

    @Test
    void aHeadThatNeverEndsIsTooLong() throws Exception {
        HeadAssembler heads = new HeadAssembler();
        String filler = "X-Filler: " + "a".repeat(1000) + "\r\n";
        HeadFields head = new HeadFields();
        assertThat(heads.take(bytes("HTTP/1.1 200 OK\r\n"), head)).isFalse();
        for (int i = 0; i < 17 && !heads.tooLong(); i++) {
            assertThat(heads.take(bytes(filler), head)).isFalse();
        }
        assertThat(heads.tooLong()).isTrue();
    }

    @Test
    void theCheckedHeadersAreComparedInPlaceAndAViolationNamesWhatCame() throws Exception {
        Expectation expected = new Expectation("f", "0", 4, "text/plain", "\"e1\"", "Mon, 01 Jan 2024 00:00:00 GMT");
        String good = "HTTP/1.1 200 OK\r\ncontent-type:  text/plain \r\nETag: \"e1\"\r\n"
                + "Last-Modified: Mon, 01 Jan 2024 00:00:00 GMT\r\nContent-Length: 4\r\n\r\n";
        assertThat(expected.check(parsed(good))).isNull();

        Expectation.Violation etag = expected.check(parsed(good.replace("\"e1\"", "\"e2\"")));
        assertThat(etag.kind()).isEqualTo(dev.gsf.loadgen.load.metrics.ErrorKind.HEADER);
        assertThat(etag.message()).isEqualTo("f: ETag '\"e2\"', expected '\"e1\"'");
        assertThat(expected.check(parsed(good.replace("text/plain", "text/plaiN"))).message())
                .contains("Content-Type 'text/plaiN'");
        assertThat(expected.check(parsed(good.replace("Last-Modified", "X-Modified1"))).message())
                .isEqualTo("f: Last-Modified missing, expected 'Mon, 01 Jan 2024 00:00:00 GMT'");
        assertThat(expected.check(parsed(good.replace("\"e1\"", "\"e1\"x"))).message()).contains("ETag");
        // what the probe did not see is not checked
        assertThat(new Expectation("f", "0", 4, null, null, null).check(parsed(good.replace("ETag", "Xtag"))))
                .isNull();
        assertThat(ResponseHead.parse(good.getBytes(StandardCharsets.ISO_8859_1), 0, good.length()).etag())
                .isEqualTo("\"e1\"");
    }

    /** Findings of the response fuzz target ({@link ResponseFuzzTest}), kept as examples. */
    @Test
    void aFourDigitStatusOrTwoDifferentLengthsAreMalformed() {
        for (String head : new String[] {"HTTP/1.1 2000 OK\r\nContent-Length: 4\r\n\r\n",
                "HTTP/1.1 2000\r\nContent-Length: 4\r\n\r\n", "HTTP/1.x 200 OK\r\nContent-Length: 4\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 4\r\ncontent-length: 5\r\n\r\n"}) {
            assertThatThrownBy(() -> new HeadAssembler().take(bytes(head), new HeadFields())).as(head)
                    .isInstanceOf(ResponseHead.MalformedException.class);
        }
    }

    @Test
    void aStatusLineWithoutAReasonAndARepeatedEqualLengthAreFine() throws Exception {
        assertThat(parsed("HTTP/1.1 200\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\n").contentLength())
                .isEqualTo(4);
    }

    private static HeadFields parsed(String head) throws Exception {
        HeadFields fields = new HeadFields();
        assertThat(new HeadAssembler().take(bytes(head), fields)).isTrue();
        return fields;
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

    static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
