package dev.gsf.micro.report;

/** The JSON document of one micro-test run (a record written and read through the kit's Json); names its command. */
public interface MicroResults {
    /** The command that wrote it: echo, ping, conns or probe; also the name of its files. */
    String command();
}
