package dev.gsf.conformance;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf conformance}: sends the corpus to a running server and prints where it differs from the RFCs. */
@Command(name = "conformance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends raw HTTP/1.1 requests (framing, headers, paths, ranges, conditionals, methods) to a"
                + " server and prints a table of the cases where its status or connection handling differ from"
                + " RFC 9110/9112. Exit 0: none differ; 1: some do; 2: the server cannot be reached.",
                "The server must serve the generated file set (1KB.bin ... 100MB.bin, see `gsf files`) at its root."})
public final class ConformanceCommand implements Callable<Integer> {

    @Option(names = "--url", required = true, paramLabel = "URL", description = "the server, e.g. http://127.0.0.1:8080")
    URI url;

    @Option(names = "--corpus", paramLabel = "FILE", description = "a corpus file instead of the built-in one")
    Path corpusFile;

    @Option(names = "--all", description = "print every case, not only those that differ")
    boolean all;

    @Option(names = "--timeout", paramLabel = "MS", description = "read timeout per answer (default: ${DEFAULT-VALUE})")
    long timeoutMillis = 3000;

    /** Runs {@code conformance} alone, without the rest of gsf on the class path. */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new ConformanceCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!"http".equals(url.getScheme()) || url.getHost() == null) {
            System.err.println("gsf conformance: --url must be http://host:port, not " + url);
            return 2;
        }
        Corpus corpus = corpusFile == null ? Corpus.builtIn() : Corpus.read(corpusFile);
        InetSocketAddress server = new InetSocketAddress(url.getHost(), url.getPort() < 0 ? 80 : url.getPort());
        List<Conformance.Row> rows;
        try {
            rows = Conformance.run(corpus, server, Duration.ofMillis(timeoutMillis));
        } catch (java.net.ConnectException e) {
            System.err.println("gsf conformance: cannot connect to " + server + ": " + e.getMessage());
            return 2;
        }
        System.out.print(Conformance.table(rows, all));
        return rows.stream().allMatch(Conformance.Row::conforms) ? 0 : 1;
    }
}
