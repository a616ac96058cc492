package dev.gsf.server.results;

/**
 * The bytes of a file a response carries, as in {@code Content-Range: bytes first-last/fileLength}: the whole file
 * or the single range a request asked for. The one range type from the Range header to the results log.
 *
 * @param first      offset of the first byte
 * @param last       offset of the last byte (inclusive); {@code first - 1} when the range is empty
 * @param fileLength the whole file's length
 */
public record ByteRange(long first, long last, long fileLength) {

    /** Every byte of a file of {@code fileLength} bytes (none of an empty file). */
    public static ByteRange whole(long fileLength) {
        return new ByteRange(0, fileLength - 1, fileLength);
    }

    public long length() {
        return last - first + 1;
    }

    /** The value of a {@code Content-Range} header for these bytes. */
    public String contentRange() {
        return "bytes " + first + "-" + last + "/" + fileLength;
    }
}
