package dev.gsf.server.http;

import dev.gsf.server.config.ContentCoding;
import dev.gsf.server.files.OpenFiles;
import dev.gsf.server.files.PathResolver;
import java.util.List;

/**
 * Precompressed sidecars ({@code precompressed=br,gzip}): for a file f, the regular file f.br or f.gz beside it, found
 * through the open-file cache as any file (so the same symlink and hidden-file policy, and held open alike), used only
 * when it is not older than f. Nothing is compressed here.
 */
final class Sidecars {
    private Sidecars() {
    }

    /**
     * The representation to send: a sidecar's file with the original's Content-Type, its own validators (an ETag
     * naming its coding, never the plain one's: RFC 9110 section 8.8.3), and its coding; or the plain file.
     *
     * @param vary whether the file has a sidecar at all, so that every answer for it says Vary: Accept-Encoding
     */
    record Chosen(PathResolver.Found found, ContentCoding coding, boolean vary) {
    }

    static Chosen choose(OpenFiles files, String rawPath, PathResolver.Found original, List<ContentCoding> codings,
                         String acceptEncoding) {
        PathResolver.Found best = null;
        ContentCoding bestCoding = null;
        double bestWeight = 0;
        boolean any = false;
        for (ContentCoding coding : codings) { // in the order of preference: a tie keeps the earlier
            if (!(files.resolve(rawPath + coding.suffix) instanceof PathResolver.Found sidecar) || sidecar.attributes()
                    .lastModifiedTime().compareTo(original.attributes().lastModifiedTime()) < 0) {
                continue; // none, or older than the file: stale
            }
            any = true;
            double weight = AcceptEncoding.weight(acceptEncoding, coding.token);
            if (weight > bestWeight) {
                best = sidecar;
                bestCoding = coding;
                bestWeight = weight;
            }
        }
        if (best == null) {
            return new Chosen(original, null, any);
        }
        return new Chosen(new PathResolver.Found(best.file(), best.attributes(),
                best.validators().forCoding(bestCoding.token), original.contentType(), best.contents()), bestCoding,
                true);
    }
}
