package dev.gsf.server.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

/**
 * Makes the .gz sidecar of a file with the JDK's gzip, for {@code gsf files --precompressed} (the server itself never
 * compresses: it serves sidecars that exist). Brotli sidecars are not made: the project has no brotli library.
 */
public final class GzipSidecars {
    private GzipSidecars() {
    }

    /**
     * Writes {@code file}.gz unless one at least as new is there: into a hidden name first (never served), then
     * moved into place, so the server never sees half a sidecar. True when written.
     */
    public static boolean write(Path file) throws IOException {
        Path sidecar = file.resolveSibling(file.getFileName() + ".gz");
        if (Files.exists(sidecar)
                && Files.getLastModifiedTime(sidecar).compareTo(Files.getLastModifiedTime(file)) >= 0) {
            return false;
        }
        Path partial = file.resolveSibling("." + file.getFileName() + ".gz.partial");
        try (InputStream in = Files.newInputStream(file);
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(partial), 1 << 16)) {
            in.transferTo(out);
        }
        Files.move(partial, sidecar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }
}
