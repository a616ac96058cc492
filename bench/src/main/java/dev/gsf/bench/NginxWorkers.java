package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Map;

/**
 * Who nginx's workers run as. nginx started by root runs them as nobody, who cannot enter a directory only its owner
 * may (mktemp -d, anything under /root): every request is then an error (a compare over TLS once counted 43,289 of
 * them). Started by root, the workers run as the owner of the served directory and its group, once it is checked
 * that this user can reach it; started by anyone else, nginx cannot change user and its workers run as the user who
 * started it.
 */
final class NginxWorkers {
    private NginxWorkers() {
    }

    /** The files cannot be served: the user nginx's workers would run as cannot enter a directory on their path. */
    static final class UnreadableRoot extends IOException {
        UnreadableRoot(String message) {
            super(message);
        }
    }

    /**
     * nginx's top-level {@code user} line for serving {@code root}, ending in a newline; "" when this process is not
     * root, for whom nginx ignores the directive.
     *
     * @throws UnreadableRoot naming the directory the owner of {@code root} cannot enter
     */
    static String userDirective(Path root) throws IOException {
        if (uid(Path.of("/proc/self")) != 0) {
            return "";
        }
        Path served = root.toRealPath();
        PosixFileAttributes owner = Files.readAttributes(served, PosixFileAttributes.class);
        if (uid(served) != 0) { // root itself enters any directory
            Path closed = firstClosed(served, uid(served), (int) Files.getAttribute(served, "unix:gid"));
            if (closed != null) {
                throw new UnreadableRoot("nginx cannot serve " + root + ": its workers would run as "
                        + owner.owner().getName() + ", the owner of the files, who cannot read " + closed);
            }
        }
        return "user " + owner.owner().getName() + " " + owner.group().getName() + ";\n";
    }

    /**
     * The first directory from / down to {@code dir} that {@code uid} (with group {@code gid}) may not enter, by its
     * owner, group and other bits; null when it may enter them all. Supplementary groups and ACLs are not consulted.
     */
    static Path firstClosed(Path dir, int uid, int gid) throws IOException {
        for (int depth = 0; depth <= dir.getNameCount(); depth++) {
            Path d = depth == 0 ? dir.getRoot() : dir.getRoot().resolve(dir.subpath(0, depth));
            Map<String, Object> a = Files.readAttributes(d, "unix:uid,gid,mode");
            int mode = (int) a.get("mode");
            // As the kernel decides: the owner's bits for the owner, else the group's for the group, else the rest's.
            int bits = uid == (int) a.get("uid") ? mode >> 6 : gid == (int) a.get("gid") ? mode >> 3 : mode;
            if ((bits & 1) == 0) {
                return d;
            }
        }
        return null;
    }

    private static int uid(Path path) throws IOException {
        return (int) Files.getAttribute(path, "unix:uid");
    }
}
