package dev.gsf.conformance;

import dev.gsf.common.options.ClientTlsOptions;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gsf conformance}: sends the corpus to a running server and prints where it differs from the RFCs. */
@Command(name = "conformance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends raw HTTP/1.1 requests (framing, headers, paths, ranges, conditionals, methods) to a"
                + " server and prints a table of the cases where its status or connection handling differ from"
                + " RFC 9110/9112. Exit 0: none differ; 1: some do; 2: the server cannot be reached (no connection,"
                + " or no TLS handshake) or an option is wrong.",
                "The server must serve the generated file set (1KB.bin ... 100MB.bin, see `gsf files`) at its root."
                + " Over https:// every case is sent inside TLS (1.3 or 1.2, SNI, ALPN http/1.1) on its own"
                + " connection, checked against --ca, or not at all with --insecure."})
public final class ConformanceCommand implements Callable<Integer> {

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "the server, e.g. http://127.0.0.1:8080 or https://localhost:8443")
    URI url;

    /** --ca and --insecure; without either, an https:// URL is refused. */
    @Mixin
    ClientTlsOptions trust;

    @Option(names = "--corpus", paramLabel = "FILE", description = "a corpus file instead of the built-in one")
    Path corpusFile;

    @Option(names = "--all", description = "print every case, not only those that differ")
    boolean all;

    @Option(names = "--timeout", paramLabel = "MS",
            description = "read timeout per answer; connecting and the TLS handshake get at least "
                    + Connector.SETUP_SECONDS + " s (default: ${DEFAULT-VALUE})")
    long timeoutMillis = 3000;

    @Spec
    CommandSpec spec;

    /** Runs {@code conformance} alone, without the rest of gsf on the class path. */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new ConformanceCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Connector connector;
        try {
            connector = connector(err);
        } catch (IllegalArgumentException e) {
            err.println("gsf conformance: " + e.getMessage());
            return 2;
        }
        Corpus corpus = corpusFile == null ? Corpus.builtIn() : Corpus.read(corpusFile);
        List<Conformance.Row> rows;
        try {
            rows = Conformance.run(corpus, connector, Duration.ofMillis(timeoutMillis));
        } catch (Connector.Unreachable e) {
            err.println("gsf conformance: " + e.getMessage());
            return 2;
        }
        out.print(Conformance.table(rows, all));
        out.flush();
        return rows.stream().allMatch(Conformance.Row::conforms) ? 0 : 1;
    }

    /** Plain or TLS, from --url, --ca and --insecure; IllegalArgumentException saying which option is wrong. */
    private Connector connector(PrintWriter err) {
        boolean tls = "https".equals(url.getScheme());
        if (!tls && !"http".equals(url.getScheme()) || url.getHost() == null) {
            throw new IllegalArgumentException("--url must be http://host:port or https://host:port, not " + url);
        }
        // URI keeps an IPv6 address in brackets; the socket, SNI and the certificate check want it bare
        String host = url.getHost().startsWith("[") ? url.getHost().substring(1, url.getHost().length() - 1)
                : url.getHost();
        InetSocketAddress server = new InetSocketAddress(host, url.getPort() >= 0 ? url.getPort() : tls ? 443 : 80);
        trust.check(tls, url.toString());
        if (!tls) {
            return Connector.plain(server);
        }
        if (trust.ca() == null && !trust.insecure()) {
            throw new IllegalArgumentException(url + " needs --ca FILE (the PEM certificate to trust) or --insecure"
                    + " (no certificate check)");
        }
        if (trust.insecure()) {
            err.println("gsf conformance: --insecure: the server's certificate is not checked (any certificate, any"
                    + " host)");
            return Connector.tls(server, host, Trust.anything());
        }
        try {
            return Connector.tls(server, host, Trust.ca(trust.ca()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--ca: " + e.getMessage(), e);
        }
    }
}
