package dev.gsf.server.files;

/**
 * Bytes of a file: the whole of it, or the single range a request asked for, resolved against the file's length.
 * What a download sends, and what its tracking, results and log are told.
 */
public record ByteRange(long start, long length) {

    public long end() {
        return start + length - 1;
    }

    /** As in {@code Content-Range: bytes start-end/fileLength}. */
    public String contentRange(long fileLength) {
        return "bytes " + start + "-" + end() + "/" + fileLength;
    }
}
