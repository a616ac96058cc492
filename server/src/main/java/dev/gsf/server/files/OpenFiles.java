package dev.gsf.server.files;

import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.OpenFile;
import dev.gsf.algorithms.Sendfile;
import dev.gsf.server.send.SendfileSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The open-file cache: each file is opened once and shared by all its downloads, and what a request path resolves
 * to (the file and its attributes) is looked up again only when the cached answer is older than the validity.
 *
 * <p>A file replaced or truncated on disk has a new version (inode, size, modification time): new requests get it
 * once their path is looked up again, and the old channel closes when its last download ends. A file not used for
 * the validity is closed by a sweeper thread, so a deleted file does not stay open. Paths that lead to no file are
 * not cached: a file created later is served at once, and requests for missing paths cannot push out cached files.
 * At most {@link #MAX_ENTRIES} paths and files are kept; a file beyond that, when every cached file is in use, gets a
 * channel of its own that its download closes.
 *
 * <p>Files of at most {@link #IN_MEMORY_MAX} bytes are read into memory when their path is looked up (Jetty's
 * {@code CachingHttpContentFactory} does the same): their downloads share the bytes and hold no channel, so a small
 * file costs no read and no lease per request. They follow the same validity as the path.
 *
 * <p>Validity zero disables all of it: every request looks its path up and every download opens its own channel.
 *
 * <p>Called on Grizzly's HTTP threads (resolve, open) and on the downloads' threads (release); resolve and open may
 * block on a file-system call (stat, open) when the cache misses; the first download of a file opens it while the
 * others asking for the same file wait for that open.
 */
public final class OpenFiles implements AutoCloseable {
    /** Most paths and most files kept: the file set many times over, far below the 20,000 fds of a process. */
    static final int MAX_ENTRIES = 1000;
    /**
     * Largest file held in memory: what a download's first write gathers with its head, so the whole of such a file
     * goes out in one write; at most {@link #MAX_ENTRIES} of them, 12 MB.
     */
    public static final int IN_MEMORY_MAX = Download.GATHERED;
    private static final long MIN_SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final Logger LOG = Logger.getLogger(OpenFiles.class.getName());

    private record Resolved(PathResolver.Found found, long checkedAt) {
    }

    private final PathResolver resolver;
    private final long validityNanos;
    private final ConcurrentHashMap<String, Resolved> paths = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Path, SharedFile> files = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;
    private volatile boolean closed;
    /** Channels open now, cached or a download's own: what the server holds open for files. */
    private final AtomicInteger openChannels = new AtomicInteger();
    /** sendfile(2) calls made on the files opened here (none where transferTo sends them). */
    private final LongAdder sendfileCalls = new LongAdder();

    /** @param validity how long a looked-up path and an unused open file are kept; zero disables the cache */
    public OpenFiles(PathResolver resolver, Duration validity) {
        this.resolver = resolver;
        this.validityNanos = validity.toNanos();
        if (validityNanos == 0) {
            sweeper = null;
            return;
        }
        sweeper = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "gsf-open-files");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(validityNanos, MIN_SWEEP_NANOS);
        sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.NANOSECONDS);
    }

    /** What the raw request path leads to; a file's answer is at most the validity old. */
    public PathResolver.Resolution resolve(String rawPath) {
        if (validityNanos == 0) {
            return resolver.resolve(rawPath);
        }
        long now = System.nanoTime();
        Resolved cached = paths.get(rawPath);
        if (cached != null && now - cached.checkedAt() < validityNanos) {
            return cached.found();
        }
        PathResolver.Resolution fresh = resolver.resolve(rawPath);
        if (fresh instanceof PathResolver.Found found && (cached != null || paths.size() < MAX_ENTRIES)) {
            PathResolver.Found kept = inMemory(found);
            paths.put(rawPath, new Resolved(kept, now));
            return kept;
        } else if (cached != null) {
            paths.remove(rawPath, cached);
        }
        return fresh;
    }

    /** The entries of a directory as a request could reach them, read afresh (never cached). */
    public List<DirectoryEntry> list(PathResolver.Directory directory) throws IOException {
        return resolver.list(directory);
    }

    /**
     * {@code found} with its contents when it is small enough and reads as the version its attributes describe;
     * else as it is (a file that cannot be read now is opened, and fails, per download).
     */
    private static PathResolver.Found inMemory(PathResolver.Found found) {
        long size = found.attributes().size();
        if (size == 0 || size > IN_MEMORY_MAX) {
            return found;
        }
        try (FileChannel channel = FileChannel.open(found.file(), StandardOpenOption.READ)) {
            ByteBuffer bytes = ByteBuffer.allocate((int) size + 1); // one more: a file that grew is not taken
            while (channel.read(bytes) > 0) {
                // until the end of the file or the buffer
            }
            return bytes.position() == size ? found.withContents(bytes.flip()) : found;
        } catch (IOException | SecurityException e) {
            return found;
        }
    }

    /** The file to send {@code found} from, shared with the other downloads of the same version of it. */
    public OpenFile open(PathResolver.Found found) throws IOException {
        if (found.contents() != null) {
            return OpenFile.inMemory(found.contents());
        }
        if (validityNanos == 0 || closed) {
            return unshared(found);
        }
        SharedFile.Version version = SharedFile.Version.of(found.attributes());
        for (int attempt = 0; attempt < 3; attempt++) { // a lost race with the sweeper costs one more look
            SharedFile shared = files.get(found.file());
            if (shared == null || !shared.version.equals(version)) {
                shared = install(found.file(), version);
                if (shared == null) {
                    return unshared(found);
                }
            }
            OpenFile lease = shared.lease();
            if (lease != null) {
                return lease;
            }
        }
        return unshared(found);
    }

    /** Opens and caches this version of the file, retiring an older one; null when it cannot be cached. */
    private SharedFile install(Path file, SharedFile.Version version) throws IOException {
        if (!files.containsKey(file) && files.size() >= MAX_ENTRIES && !evictOneIdle()) {
            return null; // every cached file is in use
        }
        SharedFile[] installed = new SharedFile[1];
        try {
            files.compute(file, (path, old) -> {
                if (old != null && old.version.equals(version)) {
                    installed[0] = old; // another request opened it first
                    return old;
                }
                if (closed) {
                    return old;
                }
                SharedFile opened = openShared(path, version);
                if (opened == null) {
                    return old; // the file changed since its attributes were read: leave the cache as it is
                }
                if (old != null) {
                    old.retire();
                }
                installed[0] = opened;
                return opened;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return installed[0];
    }

    private SharedFile openShared(Path path, SharedFile.Version version) {
        try {
            SharedFile opened = SharedFile.open(path, version, sendfileCalls, openChannels::decrementAndGet);
            if (opened != null) {
                openChannels.incrementAndGet();
            }
            return opened;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private OpenFile unshared(PathResolver.Found found) throws IOException {
        SendableFile opened = SendableFile.open(found.file(), sendfileCalls);
        OpenFile owned = OpenFile.owned(opened.channel());
        SendfileSession sends = opened.sendfile().session();
        openChannels.incrementAndGet();
        AtomicBoolean released = new AtomicBoolean();
        return new OpenFile() {
            @Override
            public FileChannel channel() {
                return owned.channel();
            }

            @Override
            public Sendfile sendfile() {
                return sends;
            }

            @Override
            public void release() {
                if (released.compareAndSet(false, true)) {
                    sends.close(); // the download's socket descriptor, before the file's
                    openChannels.decrementAndGet();
                    owned.release();
                }
            }
        };
    }

    /** Files open now: those the cache keeps and those downloads hold, each channel counted once. Any thread. */
    public int openCount() {
        return openChannels.get();
    }

    /** sendfile(2) calls made directly on the files opened here so far (0 where transferTo is used). Any thread. */
    public long sendfileCalls() {
        return sendfileCalls.sum();
    }

    private boolean evictOneIdle() {
        long now = System.nanoTime();
        for (Path path : files.keySet()) {
            if (retireIfIdle(path, now)) {
                return true;
            }
        }
        return false;
    }

    /** Drops expired path answers and closes the files nobody used for the validity. */
    private void sweep() {
        try {
            long cutoff = System.nanoTime() - validityNanos;
            paths.values().removeIf(resolved -> resolved.checkedAt() - cutoff < 0);
            for (Path path : files.keySet()) {
                retireIfIdle(path, cutoff);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "open-file cache sweep failed; it runs again", e);
        }
    }

    private boolean retireIfIdle(Path path, long idleSince) {
        boolean[] retired = {false};
        files.computeIfPresent(path, (p, shared) -> {
            if (!shared.idleSince(idleSince)) {
                return shared;
            }
            shared.retire();
            retired[0] = true;
            return null;
        });
        return retired[0];
    }

    /** Stops the sweeper and closes every cached file; files still in use close when their downloads end. */
    @Override
    public void close() {
        closed = true;
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        paths.clear();
        for (Path path : files.keySet()) {
            files.computeIfPresent(path, (p, shared) -> {
                shared.retire();
                return null;
            });
        }
    }
}
