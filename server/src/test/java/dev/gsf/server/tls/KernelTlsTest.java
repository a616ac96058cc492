package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kTLS probe reads the kernel's list of upper-layer protocols; here it reads files shaped like it. */
class KernelTlsTest {
    @TempDir
    Path dir;

    @Test
    void tlsInTheListIsAvailable_itsAbsenceOrAnUnreadableListIsNot() throws IOException {
        assertThat(KernelTls.probe(Files.writeString(dir.resolve("mptcp"), "mptcp\n")))
                .isEqualTo("ktls=unavailable(no tls ulp)");
        assertThat(KernelTls.probe(Files.writeString(dir.resolve("both"), "espintcp mptcp tls\n")))
                .isEqualTo("ktls=available(not used)");
        assertThat(KernelTls.probe(dir.resolve("absent"))).startsWith("ktls=unavailable(cannot read ");
    }

    @Test
    void thisKernelIsProbed() throws IOException {
        assumeTrue(Files.isReadable(KernelTls.AVAILABLE_ULP), "no " + KernelTls.AVAILABLE_ULP + " here (not Linux?)");
        boolean tls = Files.readString(KernelTls.AVAILABLE_ULP).matches("(?s).*\\btls\\b.*");
        assertThat(KernelTls.probe()).isEqualTo(tls ? "ktls=available(not used)" : "ktls=unavailable(no tls ulp)");
    }
}
