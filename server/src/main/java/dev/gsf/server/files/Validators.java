package dev.gsf.server.files;

import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;

/**
 * A file's validators (strong ETag, Last-Modified) and the conditional-request rules of RFC 9110 section 13 that use
 * them. The ETag changes whenever the size or the modification time does.
 */
public record Validators(String etag, long lastModifiedSeconds, String lastModified) {
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT).withZone(ZoneOffset.UTC);
    /** "Sunday, 06-Nov-94 08:49:37 GMT"; a two-digit year more than 50 years ahead is the century before's. */
    private static final DateTimeFormatter RFC_850 = new DateTimeFormatterBuilder()
            .appendPattern("EEEE, dd-MMM-")
            .appendValueReduced(ChronoField.YEAR, 2, 2, Year.now(ZoneOffset.UTC).getValue() - 49)
            .appendPattern(" HH:mm:ss 'GMT'")
            .toFormatter(Locale.US).withZone(ZoneOffset.UTC); // the root locale has no full day names
    /** "Sun Nov  6 08:49:37 1994": the day padded with a space, no zone (GMT). */
    private static final DateTimeFormatter ASCTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US).withZone(ZoneOffset.UTC);
    /** The three forms of an HTTP-date, the preferred one first. */
    private static final List<DateTimeFormatter> DATE_FORMS =
            List.of(DateTimeFormatter.RFC_1123_DATE_TIME, RFC_850, ASCTIME);

    static Validators of(BasicFileAttributes attributes) {
        long millis = attributes.lastModifiedTime().toMillis();
        String etag = "\"" + Long.toHexString(attributes.size()) + "-" + Long.toHexString(millis) + "\"";
        long seconds = Math.floorDiv(millis, 1000);
        return new Validators(etag, seconds, HTTP_DATE.format(Instant.ofEpochSecond(seconds)));
    }

    /**
     * The validators of an encoded representation of a file (a precompressed sidecar): its ETag names the coding, so
     * that it never equals the plain file's, whatever the sizes and times (RFC 9110 section 8.8.3).
     */
    public Validators forCoding(String coding) {
        return new Validators(etag.substring(0, etag.length() - 1) + "-" + coding + "\"", lastModifiedSeconds,
                lastModified);
    }

    /** What the preconditions of a GET or HEAD decide before any range is looked at. */
    public enum Precondition { PROCEED, NOT_MODIFIED, FAILED }

    public Precondition evaluate(String ifMatch, String ifUnmodifiedSince, String ifNoneMatch, String ifModifiedSince) {
        if (ifMatch != null) {
            if (!matches(ifMatch, true)) {
                return Precondition.FAILED;
            }
        } else if (ifUnmodifiedSince != null) {
            Long since = parseDate(ifUnmodifiedSince);
            if (since != null && lastModifiedSeconds > since) {
                return Precondition.FAILED;
            }
        }
        if (ifNoneMatch != null) {
            return matches(ifNoneMatch, false) ? Precondition.NOT_MODIFIED : Precondition.PROCEED;
        }
        if (ifModifiedSince != null) {
            Long since = parseDate(ifModifiedSince);
            if (since != null && lastModifiedSeconds <= since) {
                return Precondition.NOT_MODIFIED;
            }
        }
        return Precondition.PROCEED;
    }

    /** If-Range: the range applies only while the client's copy is this very representation. */
    public boolean ifRangeHolds(String ifRange) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.trim();
        if (value.startsWith("\"")) {
            return value.equals(etag); // strong comparison
        }
        if (value.startsWith("W/")) {
            return false;
        }
        Long date = parseDate(value);
        return date != null && date == lastModifiedSeconds;
    }

    /** Matches a list of entity tags (or *) against ours; weak comparison ignores W/ prefixes. */
    private boolean matches(String header, boolean strong) {
        for (String candidate : header.split(",")) {
            String tag = candidate.trim();
            if (tag.equals("*")) {
                return true;
            }
            if (tag.startsWith("W/")) {
                if (strong) {
                    continue;
                }
                tag = tag.substring(2);
            }
            if (tag.equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /**
     * An HTTP-date in seconds, or null when it does not parse (an invalid date is ignored, as RFC 9110 says). All three
     * forms are read, as RFC 9110 section 5.6.7 requires of a recipient: IMF-fixdate (and other RFC 1123 dates), the
     * obsolete RFC 850 form with a two-digit year and asctime's; the last two are still sent by old clients and caches.
     */
    static Long parseDate(String text) {
        String date = text.trim();
        for (DateTimeFormatter form : DATE_FORMS) {
            try {
                return ZonedDateTime.parse(date, form).toEpochSecond();
            } catch (DateTimeParseException e) {
                // the next form
            }
        }
        return null;
    }
}
