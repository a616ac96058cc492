package dev.gsf.bench;

import dev.gsf.common.Durations;
import dev.gsf.conformance.Conformance;
import dev.gsf.conformance.Connector;
import dev.gsf.conformance.Corpus;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The client kinds of {@code gsf soak}, each small and named. Every kind runs on its own threads until the deadline
 * (and at most {@link #MAX_ROUNDS} rounds per thread), and counts what it did: {@code ok} rounds that got the answer
 * they expect, {@code failed} ones that did not (the first one described). Blocking; called on the soak's threads.
 */
final class SoakClients {
    /** Upper bound of rounds per client thread, so that no loop is bounded by time alone. */
    static final int MAX_ROUNDS = 1_000_000;

    /**
     * Where the server is and what its files should hash to.
     *
     * @param headTimeout how long the server lets a request head take before it closes the connection: our
     *                    server's {@code idle-timeout}, nginx's {@code client_header_timeout} (60 s) for another
     */
    record Server(InetSocketAddress address, Path manifest, Map<String, String> md5, Path work,
                  Duration headTimeout) {
        URI uri(String file) {
            return URI.create("http://" + address.getHostString() + ":" + address.getPort() + "/" + file);
        }
    }

    /** One kind of client. */
    interface Kind {
        String name();

        /** What an ok round is, for the table's legend. */
        String ok();

        /** Runs until the deadline; blocking. */
        Row run(Server server, Instant deadline) throws Exception;
    }

    /** A kind's counts. */
    record Row(String kind, int clients, long ok, long failed, String firstFailure, String okMeans) {
    }

    /** Counts shared by a kind's threads. */
    static final class Tally {
        final AtomicLong ok = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicReference<String> first = new AtomicReference<>("");

        void fail(String why) {
            failed.incrementAndGet();
            first.compareAndSet("", why);
        }

        Row row(Kind kind, int clients) {
            return new Row(kind.name(), clients, ok.get(), failed.get(), first.get(), kind.ok());
        }
    }

    private SoakClients() {
    }

    /** The mix: every kind once. */
    static List<Kind> mix() {
        return List.of(new Load("fast", 2, 0, ""), new Load("1MB/s", 2, 1 << 20, "1MB.bin,20MB.bin"),
                new Load("20KB/s", 4, 20 << 10, "1KB.bin,200KB.bin"), 
                new Threads("abort mid-body", "200 and 64 KB of body read, then closed or reset", 2,
                        SoakClients::abortMidBody),
                new Threads("range + resume", "two 206 parts joined to the file's MD5", 2, SoakClients::rangeResume),
                new Threads("conditional", "200 MD5-verified, then 304 to If-None-Match and to If-Modified-Since", 1,
                        SoakClients::conditional),
                new Threads("malformed corpus", "corpus cases answered as the corpus expects", 1,
                        SoakClients::malformed),
                new Threads("slowloris", "connection closed by the server (failed: still open 10 s after the"
                        + " server's head timeout)", 10, SoakClients::slowloris),
                new Threads("slow read", "200, then read 32 B/s for up to 60 s or until the server cut it"
                        + " (failed: no 200)", 10, SoakClients::slowRead));
    }

    /** Runs a round-based kind on n threads. */
    record Threads(String name, String ok, int n, Round round) implements Kind {
        @Override
        public Row run(Server server, Instant deadline) throws InterruptedException {
            Tally tally = new Tally();
            List<Thread> threads = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                threads.add(Thread.ofPlatform().daemon().name("soak-" + name + "-" + i).start(() -> {
                    for (int r = 0; r < MAX_ROUNDS && Instant.now().isBefore(deadline); r++) {
                        try {
                            round.once(server, deadline, tally);
                        } catch (Exception e) {
                            tally.fail(e.toString());
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            return tally.row(this, n);
        }
    }

    /** One round of a kind; counts itself in the tally. */
    @FunctionalInterface
    interface Round {
        void once(Server server, Instant deadline, Tally tally) throws Exception;
    }

    /** Verified downloads by gsf load (length, MD5, headers), unthrottled or throttled. */
    record Load(String name, int clients, long rate, String mix) implements Kind {
        @Override
        public String ok() {
            return "downloads completed and MD5-verified by gsf load";
        }

        @Override
        public Row run(Server server, Instant deadline) throws IOException, InterruptedException {
            Target target = Target.parse("http://" + server.address().getHostString() + ":"
                    + server.address().getPort() + "/");
            Path out = Files.createTempDirectory(Files.createDirectories(server.work()), "load-");
            Duration steady = Duration.between(Instant.now(), deadline);
            LoadPlan plan = LoadPlan.closed(target, server.manifest(), mix, clients, rate, Duration.ZERO, steady,
                    Duration.ZERO, out);
            RunMetrics m = InProcessLoad.run(plan).first().result.metrics();
            long errors = m.errorCount();
            return new Row(name + (rate == 0 ? "" : " (" + Units.formatRate(rate) + ")"), clients, m.completed,
                    errors, errors == 0 ? "" : errors + " errors, see " + out.resolve("load.log"), ok());
        }
    }

    /** GET a large file, read 64 KB of body, then leave: every other round with a reset (SO_LINGER 0). */
    private static void abortMidBody(Server server, Instant deadline, Tally tally) throws IOException {
        try (Socket s = connect(server, 0)) {
            send(s, "GET /20MB.bin HTTP/1.1\r\nHost: soak\r\n\r\n");
            String head = readHead(s.getInputStream());
            byte[] body = s.getInputStream().readNBytes(64 << 10);
            if (head.startsWith("HTTP/1.1 200") && body.length == 64 << 10) {
                tally.ok.incrementAndGet();
            } else {
                tally.fail("got " + firstLine(head) + " and " + body.length + " body bytes");
            }
            if (ThreadLocalRandom.current().nextBoolean()) {
                s.setSoLinger(true, 0);
            }
        }
    }

    /** A download in two Range requests (the second a resume from where the first stopped), joined and MD5-checked. */
    private static void rangeResume(Server server, Instant deadline, Tally tally) throws Exception {
        String file = "1MB.bin";
        long split = ThreadLocalRandom.current().nextLong(1, 1 << 20);
        HttpResponse<byte[]> first = get(server, file, "Range", "bytes=0-" + (split - 1));
        HttpResponse<byte[]> rest = get(server, file, "Range", "bytes=" + split + "-");
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        md5.update(first.body());
        md5.update(rest.body());
        String got = HexFormat.of().formatHex(md5.digest());
        if (first.statusCode() == 206 && rest.statusCode() == 206 && got.equals(server.md5().get(file))) {
            tally.ok.incrementAndGet();
        } else {
            tally.fail("split " + split + ": " + first.statusCode() + "/" + rest.statusCode() + " md5 " + got);
        }
    }

    /** A verified GET, then the same with If-None-Match and with If-Modified-Since, each expecting 304. */
    private static void conditional(Server server, Instant deadline, Tally tally) throws Exception {
        String file = "200KB.bin";
        HttpResponse<byte[]> full = get(server, file, null, null);
        String etag = full.headers().firstValue("ETag").orElse("");
        String modified = full.headers().firstValue("Last-Modified").orElse("");
        int byTag = get(server, file, "If-None-Match", etag).statusCode();
        int byDate = get(server, file, "If-Modified-Since", modified).statusCode();
        boolean verified = full.statusCode() == 200 && md5(full.body()).equals(server.md5().get(file));
        if (verified && byTag == 304 && byDate == 304) {
            tally.ok.incrementAndGet();
        } else {
            tally.fail("200 verified " + verified + ", If-None-Match " + byTag + ", If-Modified-Since " + byDate);
        }
    }

    /** The conformance corpus, each case on a fresh connection; a case answered otherwise than expected fails. */
    private static void malformed(Server server, Instant deadline, Tally tally) throws IOException {
        for (Conformance.Row row : Conformance.run(Corpus.builtIn(), Connector.plain(server.address()),
                Duration.ofSeconds(10))) {
            if (row.conforms()) {
                tally.ok.incrementAndGet();
            } else {
                tally.fail(row.testCase().name() + ": expected " + row.testCase().expected() + ", got "
                        + row.got());
            }
        }
    }

    /** Slowloris: a request whose header lines arrive a byte a second, until 10 s past the server's head timeout. */
    private static void slowloris(Server server, Instant deadline, Tally tally)
            throws IOException, InterruptedException {
        Duration allowed = server.headTimeout().plusSeconds(10);
        Instant until = min(deadline, Instant.now().plus(allowed));
        try (Socket s = connect(server, 0)) {
            s.setSoTimeout(1000);
            send(s, "GET /1KB.bin HTTP/1.1\r\nHost: soak\r\n");
            byte[] dribble = "X-Dribble: a\r\n".getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; Instant.now().isBefore(until); i++) {
                try {
                    s.getOutputStream().write(dribble[i % dribble.length]);
                    if (s.getInputStream().read() < 0) {
                        tally.ok.incrementAndGet();
                        return;
                    }
                    // an answer (e.g. 408) before the close: keep reading until it closes
                } catch (java.net.SocketTimeoutException stillOpen) {
                    // no answer yet: dribble on
                } catch (IOException closed) {
                    tally.ok.incrementAndGet();
                    return;
                }
            }
        }
        if (Instant.now().isBefore(deadline)) {
            tally.fail("still open after " + Durations.format(allowed));
        }
    }

    /** Slow read: a 1 KB receive window and 32 bytes read a second, for at most a minute. */
    private static void slowRead(Server server, Instant deadline, Tally tally)
            throws IOException, InterruptedException {
        Instant until = min(deadline, Instant.now().plusSeconds(60));
        try (Socket s = connect(server, 1024)) {
            send(s, "GET /1MB.bin HTTP/1.1\r\nHost: soak\r\n\r\n");
            String head = readHead(s.getInputStream());
            if (!head.startsWith("HTTP/1.1 200")) {
                tally.fail("got " + firstLine(head));
                return;
            }
            tally.ok.incrementAndGet();
            byte[] sip = new byte[32];
            while (Instant.now().isBefore(until) && s.getInputStream().read(sip) >= 0) {
                Thread.sleep(1000); // the point of this client: it reads slowly
            }
        } catch (IOException cut) {
            // the server dropped a client this slow (write-timeout): allowed
        }
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static Socket connect(Server server, int receiveBuffer) throws IOException {
        Socket s = new Socket();
        if (receiveBuffer > 0) {
            s.setReceiveBufferSize(receiveBuffer);
        }
        s.connect(server.address(), 10_000);
        s.setSoTimeout(30_000);
        return s;
    }

    private static void send(Socket s, String request) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The status line and headers, up to the empty line. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0 && head.length() < 65536) {
            head.append((char) b);
            if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                break;
            }
        }
        return head.toString();
    }

    private static String firstLine(String head) {
        int end = head.indexOf('\r');
        return end < 0 ? (head.isEmpty() ? "no answer" : head) : head.substring(0, end);
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private static HttpResponse<byte[]> get(Server server, String file, String header, String value)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(file)).timeout(Duration.ofSeconds(30));
        if (header != null) {
            request.header(header, value);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String md5(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
    }
}
