package dev.gsf.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The options of {@code gsf conformance} that are wrong before any connection: each is one line on stderr and exit 2.
 * The runs against a real server, over HTTP and HTTPS, are in the server's ConformanceTest.
 */
class ConformanceCommandTest {
    @TempDir
    Path dir;

    @Test
    void httpsNeedsCaOrInsecure_butNotBoth() {
        assertRefused("gsf conformance: https://127.0.0.1:1 needs --ca FILE (the PEM certificate to trust) or"
                + " --insecure (no certificate check)", "--url", "https://127.0.0.1:1");
        assertRefused("gsf conformance: --ca and --insecure contradict each other: give one",
                "--url", "https://127.0.0.1:1", "--insecure", "--ca", "x.pem");
    }

    @Test
    void caAndInsecureApplyToHttpsOnly_andOtherSchemesAreRefused() {
        assertRefused("gsf conformance: --insecure applies to https:// URLs only, not http://127.0.0.1:1",
                "--url", "http://127.0.0.1:1", "--insecure");
        assertRefused("gsf conformance: --url must be http://host:port or https://host:port, not ftp://127.0.0.1:1",
                "--url", "ftp://127.0.0.1:1");
    }

    @Test
    void aMissingEmptyOrForeignCaFileIsNamed() throws IOException {
        Path missing = dir.resolve("missing.pem");
        assertRefused("gsf conformance: --ca: cannot read " + missing + ": no such file",
                "--url", "https://127.0.0.1:1", "--ca", missing.toString());
        Path empty = Files.writeString(dir.resolve("empty.pem"), "");
        assertRefused("gsf conformance: --ca: " + empty + " holds no certificate (-----BEGIN CERTIFICATE-----)",
                "--url", "https://127.0.0.1:1", "--ca", empty.toString());
        Path key = Files.writeString(dir.resolve("key.pem"), "-----BEGIN PRIVATE KEY-----\nAAAA\n"
                + "-----END PRIVATE KEY-----\n");
        assertRefused("gsf conformance: --ca: " + key + " is not a PEM certificate file (-----BEGIN CERTIFICATE-----)",
                "--url", "https://127.0.0.1:1", "--ca", key.toString());
    }

    private static void assertRefused(String line, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ConformanceCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).isEqualTo(line + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }
}
