package dev.gsf.bench;

import dev.gsf.bench.CompareCommand.Measured;
import dev.gsf.bench.CompareCommand.Pass;
import dev.gsf.bench.CompareCommand.PassReport;
import dev.gsf.bench.CompareCommand.Report;
import dev.gsf.report.Json;
import dev.gsf.report.Page;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of {@code gsf compare}: its tables printed with the loopback limit, and compare.json and compare.html
 * written. Runs on the command's thread once every peer has stopped.
 *
 * @param tls       whether the run was over HTTPS
 * @param rounds    the rounds of each measurement
 * @param seconds   the length of each
 * @param reference the peer the ratios are to
 * @param notes     what was installed or skipped
 * @param pinning   where the servers and the clients ran
 */
record CompareReport(boolean tls, boolean http2, int rounds, int seconds, String reference, List<String> notes,
                     Pinning pinning) {

    /** " over TLS 1.3" over HTTPS, " over h2c" or ", h2" over HTTP/2, else "": what the tables' titles add. */
    static String title(boolean tls, boolean http2) {
        return (tls ? " over TLS 1.3" : "") + (http2 ? (tls ? ", h2" : " over h2c") : "");
    }

    /** compare.json's "transport": http, https, h2c (HTTP/2 by prior knowledge) or h2 (over TLS). */
    private String transport() {
        return http2 ? (tls ? "h2" : "h2c") : tls ? "https" : "http";
    }

    /** Prints the tables and the loopback limit, and writes compare.json and compare.html into {@code out}. */
    void write(List<Pass> passes, Measured measured, ManyClientsPass many, LoopbackLimit.Figures loopback, Path out)
            throws IOException {
        StringBuilder tables = new StringBuilder();
        List<PassReport> passReports = new ArrayList<>();
        for (int i = 0; i < passes.size(); i++) {
            String client = passes.get(i).client().name();
            tables.append("client: ").append(client).append(title(tls, http2)).append('\n')
                    .append(measured.passes().get(i).table(reference)).append('\n');
            passReports.add(new PassReport(client, measured.passes().get(i).cells()));
        }
        List<ManyClientsPass.Row> manyRows = measured.manyRows();
        if (!manyRows.isEmpty()) {
            tables.append("many slow clients: ").append(many.describe()).append('\n')
                    .append(ManyClientsPass.table(manyRows)).append('\n');
        }
        System.out.println();
        System.out.println(pinning.describe());
        System.out.print(tables);
        System.out.println(loopback.line());

        int cores = pinning.cores();
        Json.write(out.resolve("compare.json"), new Report(Instant.now().toString(), transport(),
                rounds, seconds, cores, pinning.describe(), reference, loopback.gbps(), loopback.zeroCopyGbps(),
                notes, passReports, manyRows));
        Page html = new Page("grizzly-sendfile compare" + title(tls, http2))
                .paragraph(rounds + " interleaved rounds of " + seconds + " s on " + cores
                        + " cores; " + pinning.describe() + ". Bars are medians; whiskers span the rounds' min to max. "
                        + loopback.line() + ".");
        for (int i = 0; i < passes.size(); i++) {
            measured.passes().get(i).charts(passes.get(i).client().name()).forEach(html::chart);
        }
        ManyClientsPass.charts(manyRows).forEach(html::chart);
        html.pre(tables + loopback.line() + "\n" + String.join("\n", notes)).write(out.resolve("compare.html"));
        System.out.println("wrote " + out.resolve("compare.json") + " and " + out.resolve("compare.html"));
    }
}
