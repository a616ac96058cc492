package dev.gsf.common.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --ca FILE} and {@code --insecure} (a picocli mixin) of the commands whose TLS client talks to a server's
 * https:// URL (gsf load, gsf conformance): what that client trusts, with one help text and one check of the pair.
 * Each command says what it does when neither is given and how it warns of --insecure. The client's further TLS
 * choices belong here too, so that both commands take them alike.
 */
public final class ClientTlsOptions {
    @Option(names = "--ca", paramLabel = "FILE",
            description = "https: trust the PEM certificate(s) in FILE (a CA, or the server's self-signed one); the"
                    + " certificate must also name the URL's host")
    Path ca;

    @Option(names = "--insecure",
            description = "https: accept any certificate for any host (no verification, and a warning says so)")
    boolean insecure;

    /** The PEM file to trust, null when --ca was not given. */
    public Path ca() {
        return ca;
    }

    /** Whether any certificate is accepted for any host. */
    public boolean insecure() {
        return insecure;
    }

    /**
     * Checks the pair against the server's URL: neither applies to http://, and the two contradict each other.
     *
     * @param https whether {@code url} is an https:// URL
     * @param url   the URL as given, for the message
     * @throws IllegalArgumentException naming the option that is wrong
     */
    public void check(boolean https, String url) {
        if (!https && (ca != null || insecure)) {
            throw new IllegalArgumentException((ca != null ? "--ca" : "--insecure") + " applies to https:// URLs only,"
                    + " not " + url);
        }
        if (ca != null && insecure) {
            throw new IllegalArgumentException("--ca and --insecure contradict each other: give one");
        }
    }
}
