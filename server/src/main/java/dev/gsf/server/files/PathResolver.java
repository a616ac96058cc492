package dev.gsf.server.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Maps a request path to a regular file or a directory under the root, or says why not, and lists a directory. The raw
 * path is split on '/' first and each segment decoded once, so an encoded slash or backslash can never make a
 * separator, and dot segments are refused rather than normalised. Symbolic links are followed only while they stay
 * inside the root, unless the configuration allows otherwise.
 */
public final class PathResolver {

    /** Where a request path leads. */
    public sealed interface Resolution permits Found, Directory, Refused {
    }

    /**
     * A regular file, its attributes as looked up, and what they give, made once per lookup rather than per request:
     * its validators, its Content-Type and, when the open-file cache holds the file in memory, its whole contents
     * (read-only; else null).
     */
    public record Found(Path file, BasicFileAttributes attributes, Validators validators, String contentType,
                 ByteBuffer contents) implements Resolution {

        Found withContents(ByteBuffer bytes) {
            return new Found(file, attributes, validators, contentType, bytes.asReadOnlyBuffer());
        }
    }

    /**
     * A directory under the root (the root too): the HTTP layer redirects, serves its index file or lists it.
     *
     * @param slash whether the request path ends with '/'
     */
    public record Directory(Path directory, boolean slash) implements Resolution {
    }

    /** The answer for a path that leads to no file: 400, 403 or 404 and a message for the client. */
    public record Refused(int status, String message) implements Resolution {
    }

    private final Path root;
    private final Path realRoot;
    private final boolean followSymlinksOutside;

    public PathResolver(Path root, boolean followSymlinksOutside) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.realRoot = root.toRealPath();
        this.followSymlinksOutside = followSymlinksOutside;
    }

    /** @param rawPath the request target's path as sent, still percent-encoded, without the query */
    Resolution resolve(String rawPath) {
        if (rawPath == null || !rawPath.startsWith("/")) {
            return new Refused(400, "the request path must start with '/'");
        }
        Path path = root;
        boolean hidden = false;
        for (String raw : rawPath.substring(1).split("/", -1)) {
            if (raw.isEmpty()) {
                continue;
            }
            String segment = decode(raw);
            if (segment == null) {
                return new Refused(400, "the request path is not percent-encoded UTF-8 (send non-ASCII bytes as %XX)");
            }
            if (segment.equals(".") || segment.equals("..")) {
                return new Refused(400, "dot segments are not allowed in the request path");
            }
            if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
                return new Refused(400, "encoded '/', '\\' or NUL in the request path");
            }
            hidden |= segment.startsWith(".");
            path = path.resolve(segment);
        }
        if (hidden) {
            return notFound(); // hidden files include files still being generated
        }
        try {
            Path real = path.toRealPath();
            if (!real.startsWith(realRoot) && !followSymlinksOutside) {
                return new Refused(403, "the path leads outside the served directory");
            }
            BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class);
            if (attributes.isDirectory()) {
                return new Directory(real, rawPath.endsWith("/"));
            }
            if (!attributes.isRegularFile() || rawPath.endsWith("/")) {
                return notFound(); // "/file/" names a directory that is not there
            }
            return new Found(real, attributes, Validators.of(attributes),
                    ContentTypes.of(real.getFileName().toString()), null);
        } catch (IOException | SecurityException e) {
            return notFound();
        }
    }

    /**
     * The entries of a directory {@link #resolve} found, by name, as a request could reach them: no hidden name, and
     * no symbolic link leading outside the root unless the configuration follows those.
     */
    List<DirectoryEntry> list(Directory found) throws IOException {
        List<DirectoryEntry> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(found.directory())) {
            for (Path entry : stream) {
                String name = entry.getFileName().toString();
                if (name.startsWith(".")) {
                    continue;
                }
                try {
                    Path real = entry.toRealPath();
                    if (!real.startsWith(realRoot) && !followSymlinksOutside) {
                        continue;
                    }
                    entries.add(DirectoryEntry.of(name, Files.readAttributes(real, BasicFileAttributes.class)));
                } catch (IOException | SecurityException e) {
                    // a dangling link, or gone since the listing began: not listed
                }
            }
        }
        entries.sort(Comparator.comparing(DirectoryEntry::name));
        return entries;
    }

    private static Refused notFound() {
        return new Refused(404, "no such file");
    }

    /**
     * Decodes %XX escapes as UTF-8; null when an escape is malformed, the bytes are not UTF-8, or a character is not
     * ASCII (a raw UTF-8 name, which curl and browsers send encoded: RFC 9112 §3.2 asks for 400, not a 404).
     */
    private static String decode(String raw) {
        if (isPlainAscii(raw)) {
            return raw;
        }
        byte[] bytes = new byte[raw.length()];
        int n = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                bytes[n++] = (byte) (hi << 4 | lo);
                i += 2;
            } else if (c < 0x80) {
                bytes[n++] = (byte) c;
            } else {
                return null; // raw non-ASCII is not a valid request target
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, n)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** True when {@code raw} has neither an escape nor a non-ASCII character: it is its own decoding. */
    private static boolean isPlainAscii(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' || c >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
