package dev.gsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.ByteSize;
import dev.gsf.server.ServeCommand;
import dev.gsf.server.testing.TestCerts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

@Isolated("replaces System.err")
class ServerConfigTest {
    @TempDir
    Path dir;

    @Test
    void theAdminListenerIsOffUnlessItsPortIsSet() {
        ServerConfig off = ServerConfig.from(Map.of());
        assertThat(off.adminPort()).isEmpty();
        assertThat(off.adminHost()).isEqualTo("127.0.0.1");
        assertThat(ServerConfig.from(Map.of("admin-port", "0")).adminPort()).hasValue(0);
        assertThat(ServerConfig.from(Map.of("admin-port", "9100", "admin-host", "::1")).adminPort()).hasValue(9100);
        assertThatThrownBy(() -> ServerConfig.from(Map.of("admin-port", "metrics")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("admin-port: 'metrics' is not a whole number");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("admin-port", "70000")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("admin-port: 70000 is out of range");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("admin-port", "8080")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("admin-port: 8080 is the file port");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("admin-port", "0", "admin-host", " ")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("admin-host: must not be empty");
    }

    @Test
    void everyKeyHasADefault() {
        ServerConfig config = ServerConfig.from(Map.of());
        assertThat(config.host()).isEqualTo("127.0.0.1");
        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.algorithm()).isEqualTo(Algorithm.SBA);
        assertThat(config.workers()).isEqualTo(ServerConfig.AUTO_WORKERS);
        assertThat(config.workerThreads()).as("SBA's pool: a worker per download it serves at once").isEqualTo(50);
        assertThat(config.with(Map.of("algorithm", "EBA")).workerThreads()).isEqualTo(50);
        assertThat(config.with(Map.of("algorithm", "ENBA")).workerThreads()).isEqualTo(50);
        assertThat(config.with(Map.of("algorithm", "ADA")).workerThreads()).as("turns that never wait, one per core")
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(config.with(Map.of("algorithm", "ADA", "workers", "7")).workerThreads()).isEqualTo(7);
        assertThat(config.with(Map.of("workers", "7")).with(Map.of("workers", "auto")).workerThreads())
                .isEqualTo(50);
        assertThat(config.asText()).containsEntry("workers", "auto");
        assertThat(config.queue()).isEqualTo(10_000);
        assertThat(config.chunk()).isEqualTo(ServerConfig.AUTO_CHUNK);
        assertThat(config.chunkSize()).as("SBA's whole-file turn").isEqualTo(1 << 20);
        assertThat(config.with(Map.of("algorithm", "VTA")).chunkSize()).isEqualTo(1 << 20);
        assertThat(config.with(Map.of("algorithm", "EBA")).chunkSize()).as("a turn").isEqualTo(64 * 1024);
        assertThat(config.with(Map.of("algorithm", "ENBA")).chunkSize()).isEqualTo(64 * 1024);
        assertThat(config.with(Map.of("chunk", "40K")).chunkSize()).isEqualTo(40 * 1024);
        assertThat(config.asText()).containsEntry("chunk", "auto");
        assertThatThrownBy(() -> config.with(Map.of("chunk", "0"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("chunk: 0 is out of range");
        assertThat(config.zeroCopy()).isTrue();
        assertThat(config.zeroCopyMin()).isEqualTo(64 * 1024);
        assertThat(config.inlineMax()).isEqualTo(12 * 1024);
        assertThat(config.maxDownloads()).isZero();
        assertThat(config.writeTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.followSymlinks()).isFalse();
        assertThat(config.sendBuffer()).isZero();
        assertThat(config.idleTimeout()).isEqualTo(Duration.ofSeconds(75));
        assertThat(config.accessLog()).isEmpty();
        assertThat(config.openFileCache()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.shutdownGrace()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void theFastPathIsAtMostOneGatheredWrite() {
        assertThat(ServerConfig.from(Map.of("inline-max", "0")).inlineMax()).isZero();
        assertThatThrownBy(() -> ServerConfig.from(Map.of("inline-max", "16K")))
                .hasMessageStartingWith("inline-max: 16K is out of range").hasMessageContaining("0-12K");
    }

    @Test
    void theOpenFileCacheTakesZeroForOff_andNothingAboveAnHour() {
        assertThat(ServerConfig.from(Map.of("open-file-cache", "0")).openFileCache()).isZero();
        assertThat(ServerConfig.from(Map.of("open-file-cache", "250ms")).openFileCache())
                .isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> ServerConfig.from(Map.of("open-file-cache", "-1s")))
                .hasMessageStartingWith("open-file-cache: ").hasMessageContaining("0-60m");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("open-file-cache", "61m")))
                .hasMessageStartingWith("open-file-cache: 61m is out of range");
    }

    @Test
    void sizesDurationsAndBooleansParseAsPeopleWriteThem() {
        ServerConfig config = ServerConfig.from(Map.of("chunk", "40KB", "write-timeout", "500ms",
                "zero-copy", "off", "algorithm", "enba", "shutdown-grace", "2m"));
        assertThat(config.shutdownGrace()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.chunk()).isEqualTo(40 * 1024);
        assertThat(config.writeTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.zeroCopy()).isFalse();
        assertThat(config.algorithm()).isEqualTo(Algorithm.ENBA);
        assertThat(ByteSize.parse("1M")).isEqualTo(1 << 20);
        assertThat(ByteSize.parse("2GiB")).isEqualTo(2L << 30);
        assertThat(ByteSize.format(81 * 1024)).isEqualTo("81K");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            algorithm      | FAST  | 'algorithm: '                | SBA, EBA, ENBA, VTA
            chunk          | lots  | 'chunk: '                    | 64K
            chunk          | 12    | 'chunk: 12 is out of range'  | -
            workers        | 0     | 'workers: 0 is out of range' | -
            workers        | -1    | 'workers: -1 is out of range' | 'auto: one per core for ADA'
            workers        | many  | 'workers: '                  | -
            port           | 70000 | 'port: '                     | -
            zero-copy      | maybe | 'zero-copy: '                | -
            write-timeout  | 0s    | 'write-timeout: '            | -
            shutdown-grace | soon  | 'shutdown-grace: '           | -
            h2-max-frame   | 8K    | 'h2-max-frame: 8K is out of range' | 16K-16M
            h2-max-frame   | 16M   | 'h2-max-frame: 16M is out of range' | -
            h2-in-flight   | 32K   | 'h2-in-flight: 32K is out of range' | h2-max-frame to 64M
            """)
    void invalidValuesNameTheKeyAndWhatIsAllowed(String key, String value, String start, String allowed) {
        var thrown = assertThatThrownBy(() -> ServerConfig.from(Map.of(key, value)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith(start);
        if (allowed != null) {
            thrown.hasMessageContaining(allowed);
        }
    }

    @Test
    void aMissingRootIsNamed() {
        assertThatThrownBy(() -> ServerConfig.from(Map.of("root", dir.resolve("missing").toString()))
                .requireRootDirectory()).hasMessageStartingWith("root: ");
    }

    @Test
    void noInvalidConfigurationCanBeConstructed_theRecordChecksItself() throws Throwable {
        ServerConfig valid = ServerConfig.from(Map.of());
        assertThatThrownBy(() -> with(valid, "workers", 0))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("workers: 0 is out of range");
        assertThatThrownBy(() -> with(valid, "host", " "))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("host: must not be empty");
        assertThatThrownBy(() -> with(valid, "writeTimeout", Duration.ZERO))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("write-timeout: must be longer than zero");
        assertThat(with(valid, "workers", 7).workers()).isEqualTo(7);
    }

    /** The canonical constructor called with one component changed: the record's own checks, whatever its arity. */
    private static ServerConfig with(ServerConfig config, String component, Object value) throws Throwable {
        RecordComponent[] components = ServerConfig.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().equals(component) ? value : components[i].getAccessor().invoke(config);
        }
        try {
            return ServerConfig.class.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void idleTimeoutTakesHours_asItsHelpSays_andStopsAtOneHour() {
        assertThat(ServerConfig.Key.IDLE_TIMEOUT.help).contains("1s-1h");
        assertThat(ServerConfig.from(Map.of("idle-timeout", "1h")).idleTimeout()).isEqualTo(Duration.ofHours(1));
        assertThat(ServerConfig.from(Map.of("idle-timeout", "1s")).idleTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThatThrownBy(() -> ServerConfig.from(Map.of("idle-timeout", "2h")))
                .hasMessageStartingWith("idle-timeout: 2h is out of range");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("idle-timeout", "500ms")))
                .hasMessageStartingWith("idle-timeout: 500ms is out of range");
    }

    @Test
    void serveHasOneOptionPerKey_withTheKeysHelpAndDefault() {
        CommandLine serve = new CommandLine(new ServeCommand());
        for (ServerConfig.Key key : ServerConfig.Key.values()) {
            var option = serve.getCommandSpec().findOption("--" + key.name);
            assertThat(option).as(key.name).isNotNull();
            assertThat(String.join(" ", option.description())).as(key.name).startsWith(key.help);
            if (!key.defaultValue.isEmpty() && key != ServerConfig.Key.ROOT) {
                assertThat(String.join(" ", option.description())).contains("(default: " + key.defaultValue + ")");
            }
        }
        assertThat(serve.getUsageMessage()).contains("--[no-]zero-copy").contains("--[no-]follow-symlinks");
        assertThat(String.join(" ", serve.getCommandSpec().findOption("--algorithm").description()))
                .contains(String.join(", ", java.util.Arrays.stream(Algorithm.values()).map(Enum::name).toList()));
    }

    @Test
    void flagsOverrideTheFile_andNegatedBooleansCount() throws IOException {
        Path file = dir.resolve("gsf.properties");
        Files.writeString(file, "root=" + dir + "\nworkers=5\nzero-copy=true\nport=0\n");
        // An out-of-range flag shows which value won: the flag's, not the file's.
        Result r = serve("--config", file.toString(), "--workers", "0", "--no-zero-copy");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.stderr.strip()).isEqualTo("gsf serve: workers: 0 is out of range ("
                + ServerConfig.Key.WORKERS.help + ")");
    }

    @Test
    void aConfigFileSetsKeysAndRejectsUnknownOnes() throws IOException {
        Path file = dir.resolve("gsf.properties");
        Files.writeString(file, "# comment\nalgorithm = EBA\nchunk=40K\n");
        assertThat(ConfigFile.read(file)).containsEntry("algorithm", "EBA").containsEntry("chunk", "40K");
        Files.writeString(file, "algoritm=EBA\n");
        assertThatThrownBy(() -> ConfigFile.read(file))
                .hasMessageContaining("unknown key 'algoritm'").hasMessageContaining("algorithm");
    }

    @Test
    void serveExitsNonZeroWithOneClearLine_whenTheFlagsOverrideTheFileWithSomethingInvalid() throws IOException {
        Path file = dir.resolve("gsf.properties");
        Files.writeString(file, "root=" + dir + "\nworkers=5\n");
        Result r = serve("--config", file.toString(), "--workers", "many");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.stderr.strip()).startsWith("gsf serve: workers: 'many' is not a whole number");
    }

    @Test
    void serveExitsNonZeroWhenThePortIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Result r = serve("--root", dir.toString(), "--port", Integer.toString(taken.getLocalPort()));
            assertThat(r.exitCode).isEqualTo(2);
            assertThat(r.stderr).startsWith("gsf serve: port: cannot listen on 127.0.0.1:" + taken.getLocalPort());
        }
    }

    @Test
    void serveExitsWithOneLineNamingTheTlsKey_whenTheCertificateIsMissingOrTheKeyIsNotItsOwn() throws IOException {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        TestCerts.Issued other = TestCerts.issue(dir, "other", TestCerts.Kind.RSA, TestCerts.Form.TRADITIONAL);
        Result missing = serve("--root", dir.toString(), "--port", "0", "--tls-port", "0", "--tls-cert",
                dir.resolve("none.crt").toString(), "--tls-key", issued.key().toString());
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.stderr).isEqualTo("gsf serve: tls-cert: " + dir.resolve("none.crt") + " does not exist"
                + System.lineSeparator());
        Result mismatched = serve("--root", dir.toString(), "--port", "0", "--tls-port", "0", "--tls-cert",
                issued.chain().toString(), "--tls-key", other.key().toString());
        assertThat(mismatched.exitCode).isEqualTo(2);
        assertThat(mismatched.stderr.strip()).startsWith("gsf serve: tls-key: " + other.key()
                + " is not the key of the certificate in " + issued.chain()).doesNotContain("\n");
    }

    @Test
    void theTlsKeysGoTogether() {
        assertThatThrownBy(() -> ServerConfig.from(Map.of("tls-cert", "a.crt")))
                .hasMessage("tls-cert: given without tls-port (no HTTPS listener would use it)");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("tls-port", "8443", "tls-cert", "a.crt")))
                .hasMessageStartingWith("tls-key: needed with tls-port");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("tls-port", "8080", "tls-cert", "a", "tls-key", "b")))
                .hasMessage("tls-port: 8080 is the file port; HTTPS needs a port of its own");
        assertThatThrownBy(() -> ServerConfig.from(Map.of("tls-handshake-timeout", "10ms")))
                .hasMessageStartingWith("tls-handshake-timeout: 10ms is out of range");
        ServerConfig tls = ServerConfig.from(Map.of("tls-port", "8443", "tls-cert", "a.crt", "tls-key", "b.key"));
        assertThat(tls.tlsPort()).hasValue(8443);
        assertThat(tls.tlsHandshakeTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(tls.changedKeys(ServerConfig.from(tls.asText()))).isEmpty();
    }

    private record Result(int exitCode, String stderr) {
    }

    private static Result serve(String... args) {
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        try {
            int code = new CommandLine(new ServeCommand()).execute(args);
            return new Result(code, err.toString());
        } finally {
            System.setErr(originalErr);
        }
    }
}
