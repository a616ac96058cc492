package dev.gsf.algorithms;

import java.io.IOException;

/** Reading the file failed or it ended before the range did: the server's fault, not the client's. */
final class FileReadException extends IOException {
    FileReadException(String message, Throwable cause) {
        super(message, cause);
    }

    static FileReadException unreadable(IOException cause) {
        return new FileReadException("cannot read file: " + cause.getMessage(), cause);
    }

    static FileReadException truncated() {
        return new FileReadException("file ended before the range did (was it truncated?)", null);
    }
}
