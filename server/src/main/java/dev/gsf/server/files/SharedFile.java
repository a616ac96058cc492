package dev.gsf.server.files;

import dev.gsf.algorithms.OpenFile;
import dev.gsf.algorithms.Sendfile;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.send.SendfileSession;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * One version of a file, opened once and shared by every download of it: each download holds a lease, and the
 * channel is closed when the last lease is released after the cache has retired the file (or at once when it is
 * retired unused). Downloads read it only positionally, so they need no shared position.
 *
 * <p>Thread-safe; no method blocks beyond a close or open system call.
 */
final class SharedFile {

    /** What makes two looks at a path the same file: the same inode, size and modification time. */
    record Version(Object fileKey, long size, FileTime lastModified) {
        static Version of(BasicFileAttributes attributes) {
            return new Version(attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
        }
    }

    final Version version;
    private final FileChannel channel;
    private final LibcSendfile sendfile;
    private final Runnable onClose;
    private int leases; // guarded by this
    private boolean retired; // guarded by this
    private volatile long lastReleased = System.nanoTime();

    private SharedFile(Version version, SendableFile opened, Runnable onClose) {
        this.version = version;
        this.channel = opened.channel();
        this.sendfile = opened.sendfile();
        this.onClose = onClose;
    }

    /**
     * Opens {@code file} if it still is the given version, as far as its size shows; null when it changed between
     * the look at its attributes and the open (the caller then opens one unshared). {@code onClose} runs once, when
     * the channel is closed.
     */
    static SharedFile open(Path file, Version version, LongAdder sendfileCalls, Runnable onClose)
            throws IOException {
        SendableFile opened = SendableFile.open(file, sendfileCalls);
        FileChannel channel = opened.channel();
        try {
            if (channel.size() == version.size()) {
                return new SharedFile(version, opened, onClose);
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        channel.close();
        return null;
    }

    /** A lease for one download, or null when this file is retired already (the caller looks again). */
    OpenFile lease() {
        synchronized (this) {
            if (retired) {
                return null;
            }
            leases++;
        }
        return new Lease(this, channel, sendfile.session(), new AtomicBoolean());
    }

    /** One download's hold on the file, and its own sends of it (whose socket descriptor it closes). */
    private record Lease(SharedFile file, FileChannel channel, SendfileSession sendfile, AtomicBoolean released)
            implements OpenFile {
        @Override
        public void release() {
            if (released.compareAndSet(false, true)) { // a second release must not close it under the others
                sendfile.close();
                file.released();
            }
        }
    }

    private void released() {
        lastReleased = System.nanoTime();
        boolean close;
        synchronized (this) {
            close = --leases == 0 && retired;
        }
        if (close) {
            closeChannel();
        }
    }

    /** True when no download holds it and none released it since {@code nanoTime}. */
    synchronized boolean idleSince(long nanoTime) {
        return leases == 0 && lastReleased - nanoTime < 0;
    }

    /** The cache no longer hands it out: closed now when unused, else when its last lease is released. */
    void retire() {
        boolean close;
        synchronized (this) {
            if (retired) {
                return;
            }
            retired = true;
            close = leases == 0;
        }
        if (close) {
            closeChannel();
        }
    }

    private void closeChannel() {
        onClose.run();
        try {
            channel.close();
        } catch (IOException ignored) {
            // read-only: a failed close loses nothing
        }
    }
}
