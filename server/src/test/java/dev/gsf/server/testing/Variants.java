package dev.gsf.server.testing;

import dev.gsf.algorithms.Algorithm;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Every algorithm with zero-copy on and off, over HTTP, and once each over HTTPS: the server tests run against each.
 * HTTPS is BoringSSL's (the default provider) for every algorithm, and the JDK's for ENBA: the JDK provider's engine
 * is driven through the same record path by every algorithm, and the TLS tests of tls/ run under both providers.
 */
public final class Variants {
    private Variants() {
    }

    public static Stream<Arguments> algorithmsAndZeroCopy() {
        return Arrays.stream(Algorithm.values())
                .flatMap(a -> Stream.of(Arguments.of(a, true), Arguments.of(a, false)));
    }

    /**
     * {@link #algorithmsAndZeroCopy} over HTTP, then every algorithm over HTTPS. On TLS zero-copy only decides how a
     * section's bytes are read (by FileChannel.transferTo, or through the algorithm's copy buffer): EBA and ADA
     * read through their copy buffers, the others by transferTo, so each way is checked and every algorithm once.
     */
    public static Stream<Arguments> algorithmsZeroCopyAndTransport() {
        return Stream.of(algorithmsAndZeroCopy().map(a -> Arguments.of(a.get()[0], a.get()[1], Transport.HTTP)),
                Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a,
                        a != Algorithm.EBA && a != Algorithm.ADA, Transport.HTTPS)),
                Stream.of(Arguments.of(Algorithm.ENBA, true, Transport.HTTPS_JDK))).flatMap(s -> s);
    }

    /**
     * Every algorithm over HTTP and over HTTPS with BoringSSL, and ENBA over the JDK's TLS, with zero-copy as
     * configured by default: for tests whose bodies are all shorter than zero-copy-min (64K), which every algorithm
     * copies whatever zero-copy says, so that {@link #algorithmsZeroCopyAndTransport}'s zero-copy off cells would
     * repeat its on ones.
     */
    public static Stream<Arguments> everyAlgorithmOverHttpAndHttps() {
        return Stream.concat(everyAlgorithmOver(Transport.HTTP, Transport.HTTPS),
                Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS_JDK)));
    }

    /** Every algorithm over every transport: HTTP, HTTPS with BoringSSL, HTTPS with the JDK's TLS. */
    public static Stream<Arguments> everyAlgorithmAndTransport() {
        return everyAlgorithmOver(Transport.values());
    }

    /** Every algorithm over each of {@code transports}, as (algorithm, transport). */
    public static Stream<Arguments> everyAlgorithmOver(Transport... transports) {
        return Arrays.stream(transports).flatMap(t -> Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, t)));
    }

    /** Every algorithm under each TLS provider ({@link #tlsProviders}), as (algorithm, provider). */
    public static Stream<Arguments> everyAlgorithmUnderEachProvider() {
        return tlsProviders().flatMap(p -> Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, p)));
    }

    /** Both TLS providers, for the tests of the HTTPS port itself; {@code -Dgsf.test.tlsProvider=jdk} keeps one. */
    public static Stream<String> tlsProviders() {
        String only = System.getProperty("gsf.test.tlsProvider");
        return Stream.of(Transport.HTTPS.provider, Transport.HTTPS_JDK.provider)
                .filter(provider -> only == null || only.equals(provider));
    }

    /**
     * Every algorithm over HTTP; over HTTPS the three that take the TLS write path's three ways (SBA's blocking writes
     * on a platform thread, VTA's on a virtual thread, ENBA's queued ones), to keep the suite's time: EBA and ADA
     * write as those do, and run over HTTPS in {@link #algorithmsZeroCopyAndTransport}; ENBA also over the JDK's TLS.
     */
    public static Stream<Arguments> algorithmsAndTransport() {
        return Stream.concat(Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, Transport.HTTP)),
                Stream.concat(overTls().map(a -> Arguments.of(a, Transport.HTTPS)),
                        Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS_JDK))));
    }

    /** The three above, or with {@code -Dgsf.test.everyAlgorithmOverTls=true} (the socket driver's long run) all. */
    private static Stream<Algorithm> overTls() {
        return Boolean.getBoolean("gsf.test.everyAlgorithmOverTls") ? Arrays.stream(Algorithm.values())
                : Stream.of(Algorithm.SBA, Algorithm.ENBA, Algorithm.VTA);
    }
}
