package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The three HTTP-date forms a recipient must read (RFC 9110 section 5.6.7), and what is no date at all. */
class HttpDatesTest {
    /** RFC 9110's own example instant, 1994-11-06T08:49:37Z. */
    private static final long EXAMPLE = 784_111_777L;

    @Test
    void readsImfFixdateRfc850AndAsctime() {
        assertThat(Validators.parseDate("Sun, 06 Nov 1994 08:49:37 GMT")).isEqualTo(EXAMPLE);
        assertThat(Validators.parseDate("Sunday, 06-Nov-94 08:49:37 GMT")).isEqualTo(EXAMPLE);
        assertThat(Validators.parseDate("Sun Nov  6 08:49:37 1994")).isEqualTo(EXAMPLE);
        assertThat(Validators.parseDate(" Wed Nov 16 08:49:37 1994 ")).isEqualTo(EXAMPLE + 10 * 86_400);
    }

    @Test
    void anRfc850YearMoreThanFiftyYearsAheadIsTheCenturyBefore() {
        int now = Year.now(ZoneOffset.UTC).getValue();
        assertThat(rfc850YearRead(now + 10)).isEqualTo(now + 10);
        assertThat(rfc850YearRead(now - 40)).isEqualTo(now - 40); // its two digits would be 60 years ahead
        assertThat(rfc850YearRead(now)).isEqualTo(now);
    }

    @Test
    void whatIsNoHttpDateIsNull() {
        for (String bad : new String[] {"", "yesterday", "Sun, 06 Nov 1994", "06-Nov-94 08:49:37 GMT",
                "Sun Nov 6 08:49:37", "Sun, 06 Nov 1994 25:49:37 GMT", "Mon, 06 Nov 1994 08:49:37 GMT",
                "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT"}) {
            assertThat(Validators.parseDate(bad)).as(bad).isNull();
        }
    }

    /** The year a January 1st of {@code year} written in RFC 850's form (two-digit year) is read as. */
    private static long rfc850YearRead(int year) {
        LocalDateTime date = LocalDateTime.of(year, 1, 1, 12, 0);
        String text = DateTimeFormatter.ofPattern("EEEE, dd-MMM-yy HH:mm:ss 'GMT'", Locale.US).format(date);
        Long seconds = Validators.parseDate(text);
        assertThat(seconds).as(text).isNotNull();
        return LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC).getYear();
    }
}
