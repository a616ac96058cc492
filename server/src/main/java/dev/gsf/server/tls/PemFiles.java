package dev.gsf.server.tls;

import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig.Key;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * A certificate chain and its private key read from PEM files as nginx takes them: the chain in one file, the
 * server's certificate first; an RSA or EC key, PKCS#8 ({@code BEGIN PRIVATE KEY}) or traditional
 * ({@code BEGIN RSA PRIVATE KEY}, {@code BEGIN EC PRIVATE KEY}, with or without the {@code EC PARAMETERS} block
 * openssl writes before it). BouncyCastle's PEM parser reads them; keys are made by the JDK's own key factories.
 * Any thread; reads the files once per call.
 *
 * @param chain the certificates, the server's first
 * @param key   the private key of {@code chain[0]}
 */
public record PemFiles(X509Certificate[] chain, PrivateKey key) {

    /**
     * Reads both files and checks that the key is the certificate's.
     *
     * @throws ConfigException naming {@code tls-cert} or {@code tls-key} and the problem, in one line
     */
    public static PemFiles read(Path certFile, Path keyFile) {
        X509Certificate[] chain = readChain(certFile);
        PrivateKey key = readKey(keyFile);
        if (!matches(key, chain[0].getPublicKey())) {
            throw new ConfigException(Key.TLS_KEY.name + ": " + keyFile + " is not the key of the certificate in "
                    + certFile + " (" + chain[0].getSubjectX500Principal().getName() + ")");
        }
        return new PemFiles(chain, key);
    }

    private static X509Certificate[] readChain(Path file) {
        List<X509Certificate> chain = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (PEMParser parser = parser(Key.TLS_CERT, file)) {
            for (Object block; (block = parser.readObject()) != null; ) {
                if (block instanceof X509CertificateHolder holder) {
                    chain.add(converter.getCertificate(holder));
                }
            }
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw unreadable(Key.TLS_CERT, file, e);
        }
        if (chain.isEmpty()) {
            throw new ConfigException(Key.TLS_CERT.name + ": no certificate (BEGIN CERTIFICATE) in " + file);
        }
        return chain.toArray(X509Certificate[]::new);
    }

    private static PrivateKey readKey(Path file) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (PEMParser parser = parser(Key.TLS_KEY, file)) {
            for (Object block; (block = parser.readObject()) != null; ) {
                switch (block) {
                    case PEMKeyPair traditional -> {
                        // The private key alone: an EC key may leave its optional public key out.
                        return converter.getPrivateKey(traditional.getPrivateKeyInfo());
                    }
                    case PrivateKeyInfo pkcs8 -> {
                        return converter.getPrivateKey(pkcs8);
                    }
                    case PEMEncryptedKeyPair encrypted -> throw encrypted(file);
                    case PKCS8EncryptedPrivateKeyInfo encrypted -> throw encrypted(file);
                    case ASN1ObjectIdentifier ecParameters -> {
                        // openssl ecparam -genkey writes the curve's name before the key: skip it
                    }
                    default -> {
                        // a certificate in the key file (some keep both in one): look on
                    }
                }
            }
        } catch (ConfigException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw unreadable(Key.TLS_KEY, file, e);
        }
        throw new ConfigException(Key.TLS_KEY.name + ": no private key (BEGIN PRIVATE KEY, RSA PRIVATE KEY or"
                + " EC PRIVATE KEY) in " + file);
    }

    private static PEMParser parser(Key key, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(key.name + ": " + file + (Files.exists(file) ? " is not a file" : " does not exist"));
        }
        Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
        return new PEMParser(reader);
    }

    /** Whether {@code key} signs what {@code publicKey} verifies: the one test that holds for every key type. */
    private static boolean matches(PrivateKey key, PublicKey publicKey) {
        if (!key.getAlgorithm().equals(publicKey.getAlgorithm())) {
            return false;
        }
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm(); // EdDSA and the like name their signature after the key
        };
        try {
            byte[] probe = new byte[32];
            new SecureRandom().nextBytes(probe);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static ConfigException encrypted(Path file) {
        return new ConfigException(Key.TLS_KEY.name + ": " + file + " is encrypted; give the key unencrypted"
                + " (readable by the server's user only), as nginx without ssl_password_file");
    }

    private static ConfigException unreadable(Key key, Path file, Exception e) {
        if (e instanceof ConfigException config) {
            return config;
        }
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        if (e instanceof java.nio.file.AccessDeniedException) {
            why = "permission denied";
        }
        return new ConfigException(key.name + ": cannot read " + file + ": " + why.lines().findFirst().orElse(why), e);
    }
}
