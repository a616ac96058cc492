package dev.gsf.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSetTest {

    @Test
    void generatedFilesMatchTheCommittedManifest_soEveryMachineHasTheSameBytes() throws Exception {
        Path dir = TestFiles.fileSet();
        for (Manifest.Entry entry : TestFiles.committedManifest().entries()) {
            assertThat(FileSet.md5(dir.resolve(entry.name()))).as(entry.name()).isEqualTo(entry.md5());
        }
        for (FileSet.Spec spec : FileSet.DEFAULT) {
            assertThat(Files.size(dir.resolve(spec.name()))).as(spec.name()).isEqualTo(spec.size());
        }
    }

    @Test
    void ensureRegeneratesOnlyWhatIsMissingOrTruncated(@TempDir Path dir) throws Exception {
        var small = java.util.List.of(new FileSet.Spec("a.bin", 1000), new FileSet.Spec("b.bin", 70_000));
        assertThat(FileSet.ensure(dir, small)).hasSize(2);
        String md5 = FileSet.md5(dir.resolve("b.bin"));
        assertThat(FileSet.ensure(dir, small)).isEmpty();
        Files.write(dir.resolve("b.bin"), new byte[10]);
        assertThat(FileSet.ensure(dir, small)).containsExactly(dir.resolve("b.bin"));
        assertThat(FileSet.md5(dir.resolve("b.bin"))).isEqualTo(md5);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("a.bin")))).as("readable by other servers").isEqualTo("rw-r--r--");
        try (var leftovers = Files.list(dir)) {
            assertThat(leftovers).as("no temporary files left").hasSize(2);
        }
    }

    @Test
    void manifestsRoundTripAndMalformedLinesAreNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("MD5SUMS");
        Files.writeString(file, "0123456789abcdef0123456789abcdef  x.bin\n");
        assertThat(Manifest.read(file).entries()).containsExactly(
                new Manifest.Entry("x.bin", "0123456789abcdef0123456789abcdef"));
        Files.writeString(file, "0123456789abcdef0123456789abcdef  x.bin\nnot a line\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Manifest.read(file))
                .hasMessageContaining("MD5SUMS:2");
    }
}
