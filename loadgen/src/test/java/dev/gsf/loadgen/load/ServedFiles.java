package dev.gsf.loadgen.load;

import dev.gsf.common.FileSet;
import dev.gsf.server.FileServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The files a test class loads, served over loopback for all of its tests: generated once into a directory of their
 * own with their manifest, then served by our server on plain http ({@link #byOurServer}) or over https by a
 * {@link TlsPeer} whose certificate is made at test time in a directory beside them ({@link #byTlsPeer}). A static
 * {@code @RegisterExtension} field: it starts before the class's first test, and stops the server and deletes both
 * directories after its last. Public for the driver's tests.
 */
public final class ServedFiles implements BeforeAllCallback, AfterAllCallback {
    private final List<FileSet.Spec> files;
    /** The TLS peer's certificate, its name and keytool SAN; null for our server on plain http. */
    private final String peerName;
    private final String peerSan;
    private final Map<String, TlsPeer.Identity> identities = new HashMap<>();
    private Path root;
    private Path keys;
    private AutoCloseable server;
    private String url;

    private ServedFiles(List<FileSet.Spec> files, String peerName, String peerSan) {
        this.files = List.copyOf(files);
        this.peerName = peerName;
        this.peerSan = peerSan;
    }

    /** {@link LoadFixture#SMALL} served by our server (SBA, 8 workers) on plain http. */
    public static ServedFiles byOurServer() {
        return new ServedFiles(LoadFixture.SMALL, null, null);
    }

    /** {@code files} served over https by a {@link TlsPeer}, its certificate {@code name} for keytool's {@code san}. */
    public static ServedFiles byTlsPeer(List<FileSet.Spec> files, String name, String san) {
        return new ServedFiles(files, name, san);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        root = Files.createTempDirectory("gsf-served-");
        LoadFixture.files(root, files);
        if (peerName == null) {
            FileServer ours = LoadFixture.serve(root);
            server = ours;
            url = LoadFixture.url(ours);
        } else {
            keys = Files.createTempDirectory("gsf-keys-");
            TlsPeer peer = new TlsPeer(root, identity(peerName, peerSan));
            server = peer;
            url = peer.url();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            delete(root);
            delete(keys);
        }
    }

    /** The directory the files are in (and served from). */
    public Path root() {
        return root;
    }

    /** Their md5sum manifest, which {@link LoadFixture#files} wrote in {@link #root}. */
    public Path manifest() {
        return root.resolve(FileSet.MANIFEST);
    }

    /** The server's URL of {@link #root}. */
    public String url() {
        return url;
    }

    /** Runs `gsf load --url URL --manifest MANIFEST ARGS --out OUT` on these files, in this JVM. */
    LoadFixture.Outcome load(Path out, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--url", url, "--manifest", manifest().toString()));
        all.addAll(List.of(args));
        return LoadFixture.load(out, all.toArray(String[]::new));
    }

    /** The TLS peer's own certificate (the CA to trust). */
    public synchronized TlsPeer.Identity identity() {
        return identities.get(peerName);
    }

    /** Another certificate, made the first time it is asked for (by the test's thread), beside the peer's. */
    public synchronized TlsPeer.Identity identity(String name, String san) throws IOException, InterruptedException {
        TlsPeer.Identity made = identities.get(name);
        if (made == null) {
            made = TlsPeer.Identity.make(keys, name, san);
            identities.put(name, made);
        }
        return made;
    }

    private static void delete(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
