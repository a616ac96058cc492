package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** --no-install skips only what is missing: an installed peer is used either way. */
class DebianPackagesTest {

    @Test
    void anInstalledProgramIsFoundWithoutInstalling() {
        DebianPackages.Lookup lookup = DebianPackages.ensure("sh", "dash", false);

        assertThat(lookup.program()).isPresent();
        assertThat(lookup.note()).startsWith("sh: /").doesNotContain("skipped");
    }

    @Test
    void aMissingProgramIsSkippedWithoutInstallingAndSaysWhy() {
        DebianPackages.Lookup lookup = DebianPackages.ensure("gsf-no-such-program", "gsf-no-such-package", false);

        assertThat(lookup.program()).isEmpty();
        assertThat(lookup.note()).isEqualTo("gsf-no-such-program: not installed and --no-install; skipped"
                + " (apt-get install gsf-no-such-package)");
    }
}
