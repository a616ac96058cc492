package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gsf.server.files.Validators;
import dev.gsf.server.results.ByteRange;
import java.math.BigInteger;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fuzz target: Range with If-Range, If-Modified-Since and If-Unmodified-Since in the three HTTP-date forms.
 * Invariants: a Range is read as an independent reading of RFC 9110 §14 reads it: a satisfiable range lies inside the
 * file, and 416 comes exactly when the one range asked for is not satisfiable; a date in any of the three forms means
 * the same second (If-Range holds exactly on the Last-Modified second, If-Modified-Since gives 304 exactly when the
 * file is not newer); any other text is ignored without an exception.
 */
class RangeFuzzTest {
    private static final Pattern RANGE = Pattern.compile("bytes=([0-9]*)-([0-9]*)", Pattern.CASE_INSENSITIVE);
    private static final DateTimeFormatter IMF =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter RFC_850 =
            DateTimeFormatter.ofPattern("EEEE, dd-MMM-yy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter ASCTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US).withZone(ZoneOffset.UTC);
    /** Dates from 1970 to 9999. */
    private static final long LAST_SECOND = 253_402_300_799L;

    @FuzzTest(maxDuration = "10m") // a fuzzing run's cap; ./gsf fuzz --duration stops it sooner
    void satisfiableInsideThe416ExactlyWhenNoneIsDatesInAnyForm(FuzzedDataProvider data) {
        long fileLength = data.consumeBoolean() ? data.consumeLong(0, 100) : data.consumeLong(0, Long.MAX_VALUE / 2);
        long modified = data.consumeLong(0, LAST_SECOND);
        long asked = data.consumeBoolean() ? modified + data.consumeInt(-2, 2) : data.consumeLong(0, LAST_SECOND);
        int form = data.consumeInt(0, 2);
        String header = data.consumeRemainingAsAsciiString();

        rangeIsReadAsTheRfcSays(header, fileLength);
        Validators validators = new Validators("\"e\"", modified, IMF.format(Instant.ofEpochSecond(modified)));
        datesMeanTheSameSecond(validators, Math.max(0, Math.min(asked, LAST_SECOND)), form);
        validators.ifRangeHolds(header); // any text: no exception
        validators.evaluate(header, header, null, header);
    }

    private static void rangeIsReadAsTheRfcSays(String header, long fileLength) {
        RangeHeader.Request request = RangeHeader.parse(header, fileLength);
        // the whitespace the reader allows around '=' and '-': what String.trim takes (every char up to U+0020)
        String spaced = header.trim().replaceAll("^([A-Za-z]+)[\\x00-\\x20]*=[\\x00-\\x20]*", "$1=");
        Matcher m = RANGE.matcher(spaced.replaceAll("[\\x00-\\x20]*-[\\x00-\\x20]*", "-"));
        if (!m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) {
            assertThat(request).as(header).isInstanceOf(RangeHeader.Whole.class);
            return;
        }
        BigInteger length = BigInteger.valueOf(fileLength);
        BigInteger first;
        BigInteger last;
        if (m.group(1).isEmpty()) { // the last n bytes
            BigInteger n = new BigInteger(m.group(2));
            first = length.subtract(n).max(BigInteger.ZERO);
            last = length.subtract(BigInteger.ONE);
            if (n.signum() == 0 || fileLength == 0) {
                assertThat(request).as(header).isInstanceOf(RangeHeader.Unsatisfiable.class);
                return;
            }
        } else {
            first = new BigInteger(m.group(1));
            last = m.group(2).isEmpty() ? first.max(length) : new BigInteger(m.group(2)); // "first-": to the end
            if (last.compareTo(first) < 0) {
                assertThat(request).as(header).isInstanceOf(RangeHeader.Whole.class); // invalid: ignored
                return;
            }
            last = last.min(length.subtract(BigInteger.ONE));
        }
        if (first.compareTo(length) >= 0) {
            assertThat(request).as(header).isInstanceOf(RangeHeader.Unsatisfiable.class);
            return;
        }
        assertThat(request).as(header).isInstanceOf(RangeHeader.Partial.class);
        ByteRange range = ((RangeHeader.Partial) request).range();
        assertThat(range.first()).as(header).isEqualTo(first.longValueExact());
        assertThat(range.last()).as(header).isEqualTo(last.longValueExact()).isLessThan(fileLength);
        assertThat(range.first()).isBetween(0L, range.last());
        assertThat(range.fileLength()).isEqualTo(fileLength);
    }

    private static void datesMeanTheSameSecond(Validators validators, long asked, int form) {
        Instant when = Instant.ofEpochSecond(asked);
        int year = when.atZone(ZoneOffset.UTC).getYear();
        int now = Year.now(ZoneOffset.UTC).getValue();
        if (form == 1 && (year < now - 49 || year > now + 50)) {
            form = 0; // a two-digit year names only the century around now
        }
        String date = (form == 0 ? IMF : form == 1 ? RFC_850 : ASCTIME).format(when);
        long modified = validators.lastModifiedSeconds();
        assertThat(validators.ifRangeHolds(date)).as(date).isEqualTo(asked == modified);
        assertThat(validators.evaluate(null, null, null, date)).as(date)
                .isEqualTo(modified <= asked ? Validators.Precondition.NOT_MODIFIED : Validators.Precondition.PROCEED);
        assertThat(validators.evaluate(null, date, null, null)).as(date)
                .isEqualTo(modified > asked ? Validators.Precondition.FAILED : Validators.Precondition.PROCEED);
    }
}
