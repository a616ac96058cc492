package dev.gsf.loadgen.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The progress line read back gives the figures it was written with; other lines are not progress lines. */
class ProgressLineTest {

    @Test
    void aFormattedLineParsesBackToTheSameFigures() {
        ProgressLine written = new ProgressLine("steady", 12, 10, 8, 12.5, 100, 1);
        String line = written.format();
        assertThat(line).isEqualTo("steady       12s left  clients     10  active      8      12.50 MB/s      100"
                + " downloads  1 errors");
        assertThat(ProgressLine.parse(line)).isEqualTo(written);
        // as a terminal shows it, padded; and the largest figures the columns grow to
        assertThat(ProgressLine.parse(line + "   ")).isEqualTo(written);
        ProgressLine wide = new ProgressLine("ramp-down", 86_400, 1_000_000, 999_999, 12_345.67, 98_765_432, 1234);
        assertThat(ProgressLine.parse(wide.format())).isEqualTo(wide);
    }

    @Test
    void otherLinesAreNotProgressLines() {
        assertThat(ProgressLine.parse("gsf load: first md5 error: 1KB.bin: ...")).isNull();
        assertThat(ProgressLine.parse("gsf load: waiting 2.000 s for --start-at 2026-11-24T22:30:00Z")).isNull();
        assertThat(ProgressLine.parse("")).isNull();
    }
}
