package dev.gsf.bench;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.gsf.loadgen.load.plan.Units;

/**
 * A per-client download limit, as suite's cells carry it; JSON and the table write it as typed ("1MB/s", "none").
 *
 * @param bytesPerSecond 0 for none
 */
record DownloadLimit(long bytesPerSecond) {
    static final DownloadLimit NONE = new DownloadLimit(0);

    /** "1MB/s", "20KB/s", "none": gsf load's --rate grammar. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static DownloadLimit parse(String text) {
        return new DownloadLimit(Units.bytesPerSecond(text));
    }

    @JsonValue
    @Override
    public String toString() {
        return Units.formatRate(bytesPerSecond);
    }
}
