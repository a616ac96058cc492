package dev.gsf.loadgen.load.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target: a workload manifest (md5sum format) and a {@code --mix}. Invariants: a workload is built or refused
 * with an IllegalArgumentException, nothing else; built, every file it downloads is named by the manifest with that
 * one MD5 (a name listed with two MD5s is refused: which one a download is checked against would be a guess), every
 * weight and their total are finite and positive, and a draw always names one of its files.
 */
class WorkloadFuzzTest {
    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{32}) [ *](.+)");
    @TempDir
    static Path dir;

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void everyFileHasTheManifestsOneMd5AndAFiniteWeight(FuzzedDataProvider data) throws IOException {
        String mix = data.consumeString(200);
        String manifest = data.consumeRemainingAsString();
        Path file = Files.writeString(dir.resolve("MD5SUMS"), manifest, StandardCharsets.UTF_8);
        Workload workload;
        try {
            workload = Workload.of(file, mix);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        Map<String, List<String>> listed = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            Matcher m = LINE.matcher(line);
            if (!line.isBlank() && !line.startsWith("#") && m.matches()) {
                listed.computeIfAbsent(m.group(2), n -> new java.util.ArrayList<>()).add(m.group(1).toLowerCase());
            }
        }
        double total = 0;
        for (FileChoice choice : workload.files()) {
            assertThat(listed.get(choice.name())).as(choice.name()).isNotNull().containsOnly(choice.md5());
            assertThat(choice.weight()).isPositive().isFinite();
            total += choice.weight();
        }
        assertThat(total).isPositive().isFinite();
        SplittableRandom random = new SplittableRandom(data.hashCode());
        for (int i = 0; i < 8; i++) {
            assertThat(workload.pick(random)).isBetween(0, workload.files().size() - 1);
        }
    }

    /** Findings, kept as examples. */
    @Test
    void aNameWithTwoMd5sOrWeightsWithoutAFiniteTotalAreRefused() throws IOException {
        Path twice = Files.writeString(dir.resolve("MD5SUMS"), "0".repeat(32) + "  a\n" + "1".repeat(32) + "  a\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Workload.of(twice, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a'");
        Path two = Files.writeString(dir.resolve("MD5SUMS"), "0".repeat(32) + "  a\n" + "1".repeat(32) + "  b\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Workload.of(two, "a=1e308,b=1e308"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--mix");
        assertThat(Workload.of(Files.writeString(dir.resolve("MD5SUMS"), "0".repeat(32) + "  a\n" + "0".repeat(32)
                + "  a\n"), "").files()).hasSize(1);
    }
}
