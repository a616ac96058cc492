package dev.gsf.common.options;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --server-option KEY=VALUE} (a picocli mixin, repeatable): any server config key, passed to every gsf server
 * a benchmark starts, after the keys the command sets itself, so that a key given here wins.
 */
public final class ServerKeysOption {
    @Option(names = "--server-option", paramLabel = "KEY=VALUE",
            description = "any other server key for every gsf server, e.g. inline-max=0 to send every body through"
                    + " its algorithm, zero-copy-min=0, send-buffer=64K or tcp-nopush=false (repeatable; a key given"
                    + " here wins over the command's own setting of it)")
    Map<String, String> keys = new LinkedHashMap<>();

    /** The keys given, in the order given. */
    public Map<String, String> keys() {
        return Collections.unmodifiableMap(keys);
    }

    /** {@code preset}, the command's own keys, with the keys given put over them; in that order. */
    public Map<String, String> over(Map<String, String> preset) {
        Map<String, String> merged = new LinkedHashMap<>(preset);
        merged.putAll(keys);
        return merged;
    }
}
