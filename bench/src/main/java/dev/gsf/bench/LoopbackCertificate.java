package dev.gsf.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Date;
import java.util.stream.Stream;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway CA and a server certificate it signed for 127.0.0.1 and localhost (EC P-256, valid for a day), made when
 * a benchmark starts and written as PEM files into a temporary directory that {@link #close()} deletes: keys live as
 * long as the run. Every server of a run (ours and nginx) gets the same certificate and key; clients trust the CA.
 *
 * @param directory the temporary directory holding the three files
 * @param ca        the CA's certificate, for {@code gsf load --ca}
 * @param chain     the server certificate, for {@code --tls-cert} and nginx's {@code ssl_certificate}
 * @param key       its private key (PKCS#8), for {@code --tls-key} and {@code ssl_certificate_key}
 */
record LoopbackCertificate(Path directory, Path ca, Path chain, Path key) implements AutoCloseable {

    /** Makes the CA and the server certificate; an IOException when the files cannot be written. */
    static LoopbackCertificate create() throws IOException {
        Path directory = Files.createTempDirectory("gsf-bench-tls-");
        try {
            KeyPair caKeys = p256();
            X500Name caName = new X500Name("CN=gsf bench throwaway CA");
            X509Certificate ca = certificate(caName, caName, caKeys, caKeys.getPrivate(), true);
            KeyPair serverKeys = p256();
            X509Certificate server = certificate(caName, new X500Name("CN=127.0.0.1"), serverKeys,
                    caKeys.getPrivate(), false);
            LoopbackCertificate files = new LoopbackCertificate(directory, directory.resolve("ca.crt"),
                    directory.resolve("server.crt"), directory.resolve("server.key"));
            writePem(files.ca(), pem -> pem.writeObject(ca));
            writePem(files.chain(), pem -> pem.writeObject(server));
            writePem(files.key(), pem -> pem.writeObject(new JcaPKCS8Generator(serverKeys.getPrivate(), null)));
            return files;
        } catch (GeneralSecurityException | IOException | RuntimeException e) {
            delete(directory);
            throw e instanceof IOException io ? io : new IOException("cannot make a test certificate: " + e, e);
        }
    }

    private static X509Certificate certificate(X500Name issuer, X500Name subject, KeyPair subjectKeys,
                                               PrivateKey issuerKey, boolean authority)
            throws GeneralSecurityException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(now.toEpochMilli()),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), subject,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
        if (!authority) {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.dNSName, "localhost")}));
        }
        try {
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static KeyPair p256() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    /** What goes into one PEM file. */
    private interface PemContent {
        void writeTo(JcaPEMWriter pem) throws IOException;
    }

    private static void writePem(Path file, PemContent content) throws IOException {
        try (Writer out = Files.newBufferedWriter(file); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            content.writeTo(pem);
        }
    }

    /** Deletes the directory and its files. */
    @Override
    public void close() {
        delete(directory);
    }

    private static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not delete " + directory + ": " + e.getMessage());
        }
    }
}
