package dev.gsf.common;

import java.util.List;

/**
 * Extra options for the JVMs that gsf starts itself (bench's server processes, {@code --agents local:N}'s agents),
 * from the system property {@value #PROPERTY}, whitespace-separated; none unless it is set. The test suite sets it
 * (pom.xml: the client compiler and the serial collector), because its child JVMs run for seconds and check what
 * the commands print, not how fast they run; benchmarks and users leave it unset, so that what is measured is the
 * JVM as {@code ./gsf} starts it.
 */
public final class ChildJvmOptions {
    /** The system property holding the options. */
    public static final String PROPERTY = "gsf.childJvmOptions";

    private ChildJvmOptions() {
    }

    /** The options, in order; empty when the property is unset or blank. */
    public static List<String> extra() {
        String options = System.getProperty(PROPERTY, "").strip();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }
}
