package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.testing.TestCerts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Signature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target: the PEM certificate chain and key files of the HTTPS port. One of the two files is the fuzzer's (its
 * own bytes, or a real file made at test time with bytes overwritten), the other a real one. Invariants: loaded, the
 * key signs what the first certificate's public key verifies; refused, a ConfigException of one line naming
 * {@code tls-cert} or {@code tls-key}; no other exception.
 */
class PemFuzzTest {
    @TempDir
    static Path dir;
    private static TestCerts.Issued rsa;
    private static TestCerts.Issued ec;

    @BeforeAll
    static void certificates() throws IOException {
        rsa = TestCerts.issue(dir, "rsa", TestCerts.Kind.RSA, TestCerts.Form.TRADITIONAL);
        ec = TestCerts.issue(dir, "ec", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
    }

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void loadsAMatchingPairOrRefusesWithOneLine(FuzzedDataProvider data) throws Exception {
        TestCerts.Issued real = data.consumeBoolean() ? rsa : ec;
        boolean fuzzTheKey = data.consumeBoolean();
        boolean overwrite = data.consumeBoolean();
        int at = data.consumeInt(0, 4096);
        byte[] bytes = data.consumeRemainingAsBytes();
        Path original = fuzzTheKey ? real.key() : real.chain();
        byte[] file = bytes;
        if (overwrite) {
            file = Files.readAllBytes(original);
            at = Math.min(at, file.length);
            System.arraycopy(bytes, 0, file, at, Math.min(bytes.length, file.length - at));
        }
        Path fuzzed = Files.write(Files.createTempFile(dir, "fuzzed", ".pem"), file);
        try {
            PemFiles pem = PemFiles.read(fuzzTheKey ? real.chain() : fuzzed, fuzzTheKey ? fuzzed : real.key());
            assertThat(signsFor(pem)).isTrue();
        } catch (ConfigException refused) {
            // a certificate that reads but is another one's is the key's mismatch: "tls-key: ... is not the key of"
            assertThat(refused.getMessage()).matches(fuzzTheKey ? "tls-key: .*" : "tls-(cert: .*|key: .* is not the key .*)")
                    .doesNotContain("\n", "\r");
        } finally {
            Files.delete(fuzzed);
        }
    }

    private static boolean signsFor(PemFiles pem) throws GeneralSecurityException {
        String algorithm = pem.key().getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
        Signature signer = Signature.getInstance(algorithm);
        signer.initSign(pem.key());
        signer.update(new byte[] {1, 2, 3});
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance(algorithm);
        verifier.initVerify(pem.chain()[0].getPublicKey());
        verifier.update(new byte[] {1, 2, 3});
        return verifier.verify(signature);
    }
}
