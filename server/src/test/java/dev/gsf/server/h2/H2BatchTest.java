package dev.gsf.server.h2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A batch whose build throws (a bug: nothing from outside provokes one, and the project adds no test-only hooks to
 * make it) ends at once as a failed write rather than leaving its writer flushing for good: its slabs are given back,
 * it is not empty (so the writer goes on to {@link H2Batch#tell}, which fails its writes, ends its streams and closes
 * the connection) and it counts as completed in line. A unit test of the batch alone: no connection is written to.
 * And the slabs' rule for copying in runs what sendfile could carry: only while fewer than the pool keeps are in use.
 */
class H2BatchTest {
    @Test
    void aBatchWhoseBuildThrowsGivesItsSlabsBackAndEndsAtOnce() {
        FrameSlabs slabs = new FrameSlabs(16_384);
        H2Batch batch = new H2Batch(null, false, slabs, null);
        boolean built = batch.built(() -> {
            batch.add(ByteBuffer.allocate(100)); // into a slab taken for it
            assertThat(slabs.inUse()).as("slabs in use while built").isEqualTo(1);
            throw new IllegalStateException("a bug in the build");
        });
        assertThat(built).as("built").isFalse();
        assertThat(slabs.inUse()).as("slabs in use after the failed build").isZero();
        assertThat(batch.isEmpty()).as("empty (would leave it untold)").isFalse();
        batch.write(null); // not written: a broken batch touches no connection
        assertThat(batch.completedInline()).as("completed in line, so told by the writer at once").isTrue();
        assertThat(slabs.take()).as("a slab after it (the idle one)").isNotNull();
    }

    @Test
    void runsInsteadOfSendfileOnlyWhileFewerSlabsThanThePoolKeepsAreInUse() {
        FrameSlabs slabs = new FrameSlabs(16_384);
        List<ByteBuffer> taken = new ArrayList<>();
        while (taken.size() < FrameSlabs.RETAINED - 1) {
            taken.add(slabs.take());
        }
        assertThat(slabs.fewInUse()).as("%d slabs in use", slabs.inUse()).isTrue();
        taken.add(slabs.take());
        assertThat(slabs.fewInUse()).as("%d slabs in use", slabs.inUse()).isFalse();
        taken.forEach(slab -> slabs.give(slab, true));
        assertThat(slabs.fewInUse()).as("all given back").isTrue();
    }
}
