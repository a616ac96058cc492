package dev.gsf.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/**
 * Test certificates made at test time, never committed: a root CA, an intermediate CA under it, and leaf
 * certificates for 127.0.0.1 and localhost signed by the intermediate, written as PEM files as nginx takes them (the
 * leaf, then the intermediate, in the chain file). Clients trust the root only, so a server that left the
 * intermediate out of its chain would fail their handshake. Any thread.
 */
public final class TestCerts {
    /** The key of a leaf certificate. */
    public enum Kind { RSA, EC }

    /** How its key file is written: {@code BEGIN PRIVATE KEY} or {@code BEGIN RSA/EC PRIVATE KEY}. */
    public enum Form { PKCS8, TRADITIONAL }

    /**
     * A leaf's files.
     *
     * @param chain the leaf and the intermediate, PEM
     * @param key   the leaf's private key, PEM
     */
    public record Issued(Path chain, Path key, X509Certificate leaf) {
    }

    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());
    private static final Authority ROOT;
    private static final Authority INTERMEDIATE;
    private static final SSLContext CLIENT;

    static {
        try {
            KeyPair rootKeys = ec();
            X500Name rootName = new X500Name("CN=gsf test root CA");
            ROOT = new Authority(rootName, rootKeys.getPrivate(), sign(rootName, rootName, rootKeys, rootKeys.getPrivate(), true));
            KeyPair intermediateKeys = ec();
            X500Name intermediateName = new X500Name("CN=gsf test intermediate CA");
            INTERMEDIATE = new Authority(intermediateName, intermediateKeys.getPrivate(),
                    sign(rootName, intermediateName, intermediateKeys, rootKeys.getPrivate(), true));
            CLIENT = trusting(ROOT.certificate);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Authority(X500Name name, PrivateKey key, X509Certificate certificate) {
    }

    private TestCerts() {
    }

    /** A TLS client context that trusts the root CA only. */
    public static SSLContext clientContext() {
        return CLIENT;
    }

    /** Writes the root CA's certificate to {@code file} (for curl --cacert, openssl -CAfile). */
    public static Path writeRoot(Path file) {
        write(file, ROOT.certificate);
        return file;
    }

    /**
     * A new leaf for 127.0.0.1 and localhost, its chain and key written into {@code directory} as {@code name}.*. An
     * EC leaf has a key of its own; RSA leaves share one key pair made once per JVM (2048 bits: 0.1-0.25 s of CPU a
     * pair, nine pairs in the isolated stream's JVM), so a key that is not a certificate's own is an EC one.
     */
    public static Issued issue(Path directory, String name, Kind kind, Form form) {
        try {
            KeyPair keys = kind == Kind.EC ? ec() : rsa();
            X509Certificate leaf = sign(INTERMEDIATE.name, new X500Name("CN=127.0.0.1"), keys, INTERMEDIATE.key,
                    false);
            Path chain = directory.resolve(name + ".crt");
            write(chain, leaf, INTERMEDIATE.certificate);
            Path key = directory.resolve(name + ".key");
            try (Writer out = Files.newBufferedWriter(key); JcaPEMWriter pem = new JcaPEMWriter(out)) {
                if (form == Form.PKCS8) {
                    pem.writeObject(new JcaPKCS8Generator(keys.getPrivate(), null));
                } else if (kind == Kind.EC) {
                    pem.writeObject(traditionalEc(keys));
                } else {
                    pem.writeObject(keys.getPrivate()); // a PrivateKey is written as RSA PRIVATE KEY
                }
            }
            return new Issued(chain, key, leaf);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * An EC key as openssl writes it ({@code BEGIN EC PRIVATE KEY}, SEC 1): with its curve and public key, which the
     * JDK's PKCS#8 encoding leaves to the outer structure, so that BouncyCastle's writer would drop them.
     */
    private static PemObject traditionalEc(KeyPair keys) throws IOException {
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(keys.getPrivate().getEncoded());
        ECPrivateKey inner = ECPrivateKey.getInstance(info.parsePrivateKey());
        byte[] point = SubjectPublicKeyInfo.getInstance(keys.getPublic().getEncoded()).getPublicKeyData().getBytes();
        ECPrivateKey whole = new ECPrivateKey(256, inner.getKey(), new DERBitString(point),
                info.getPrivateKeyAlgorithm().getParameters());
        return new PemObject("EC PRIVATE KEY", whole.getEncoded());
    }

    private static X509Certificate sign(X500Name issuer, X500Name subject, KeyPair subjectKeys, PrivateKey issuerKey,
                                        boolean authority) throws GeneralSecurityException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
                BigInteger.valueOf(SERIAL.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))), subject, subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
        if (authority) {
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.dNSName, "localhost")}));
        }
        try {
            String algorithm = issuerKey.getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder(algorithm).build(issuerKey)));
        } catch (org.bouncycastle.operator.OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static KeyPair ec() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static KeyPair rsa() {
        return RsaKeys.PAIR;
    }

    /** The RSA leaves' one key pair, made when the first RSA leaf is issued. */
    private static final class RsaKeys {
        static final KeyPair PAIR;

        static {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                PAIR = generator.generateKeyPair();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static void write(Path file, X509Certificate... certificates) {
        try (Writer out = Files.newBufferedWriter(file); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            for (X509Certificate certificate : certificates) {
                pem.writeObject(certificate);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SSLContext trusting(X509Certificate root) throws GeneralSecurityException, IOException {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", root);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
