package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import picocli.CommandLine;

/** --pin parsed and checked: the servers' CPUs, the clients' (the rest), and what each start command becomes. */
@Isolated("moves this whole JVM to the client CPUs and back")
class PinningTest {

    @Test
    void theServersGetTheListedCpusAndTheClientsTheRest() {
        Pinning pin = Pinning.of("0", List.of(0, 1));
        assertThat(pin.serverCpus()).containsExactly(0);
        assertThat(pin.clientCpus()).containsExactly(1);
        assertThat(pin.serverCores()).isEqualTo(1);
        assertThat(pin.clientCores()).isEqualTo(1);
        assertThat(pin.server(List.of("nginx", "-c", "x"))).containsExactly("taskset", "-c", "0", "nginx", "-c", "x");
        assertThat(pin.describe()).isEqualTo("pinned: servers on CPU 0 (taskset -c 0; nginx 1 worker), clients on CPU 1");

        Pinning wide = Pinning.of("0-1,4", List.of(0, 1, 2, 3, 4, 5));
        assertThat(wide.serverCpus()).containsExactly(0, 1, 4);
        assertThat(wide.clientCpus()).containsExactly(2, 3, 5);
        assertThat(wide.describe()).contains("taskset -c 0-1,4; nginx 3 workers", "clients on CPU 2-3,5");
    }

    @Test
    void unpinnedEverythingStartsAsBefore() {
        assertThat(Pinning.NONE.on()).isFalse();
        assertThat(Pinning.NONE.server(List.of("java", "-jar"))).containsExactly("java", "-jar");
        assertThat(Pinning.NONE.describe()).startsWith("not pinned");
    }

    @Test
    void aBadListACpuThisProcessMayNotUseOrNoCpuLeftForTheClientsIsRefused() {
        for (String bad : List.of("", "a", "1-0", "-1", "0-1-2", "0,,1")) {
            assertThatThrownBy(() -> Pinning.of(bad, List.of(0, 1))).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CPU list");
        }
        assertThatThrownBy(() -> Pinning.of("2", List.of(0, 1))).hasMessageContaining("may use CPUs 0-1 only");
        assertThatThrownBy(() -> Pinning.of("0-1", List.of(0, 1))).hasMessageContaining("leaves no CPU for the clients");
    }

    @Test
    void listsAreWrittenAsTasksetWritesThem() {
        assertThat(Pinning.format(List.of(3, 0, 1, 2, 5))).isEqualTo("0-3,5");
        assertThat(Pinning.format(List.of(1))).isEqualTo("1");
        assertThat(Pinning.parse(" 0-2, 7 ")).containsExactly(0, 1, 2, 7);
    }

    @Test
    void pinAloneMeansCpuZero_aValueIsTheServersList_noPinIsNone() throws Exception {
        assertThat(parsed().cpus).isNull();
        assertThat(parsed().pinning()).isEqualTo(Pinning.NONE);
        assertThat(parsed("--pin").cpus).isEqualTo("0");
        assertThat(parsed("--pin=0-1").cpus).isEqualTo("0-1");
    }

    @Test
    void thisProcessMovesToTheClientCpusAndBack() throws Exception {
        List<Integer> allowed = Pinning.allowedCpus();
        assumeThat(allowed.size()).as("two CPUs or more").isGreaterThan(1);
        Pinning pin = Pinning.of(allowed.getFirst().toString(), allowed);
        try (Pinning.Held held = pin.pinThisProcess()) {
            assertThat(Pinning.allowedCpus()).isEqualTo(pin.clientCpus());
        }
        assertThat(Pinning.allowedCpus()).isEqualTo(allowed);
    }

    private static PinOption parsed(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.pin;
    }

    @CommandLine.Command(name = "holder")
    static final class Holder {
        @CommandLine.Mixin
        PinOption pin = new PinOption();
    }
}
