package dev.gsf.micro.probe;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.MicroCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf probe}: time in select() and bytes per write() streaming to a sink ("Performance investigation of Java's select() in Windows"). */
@Command(name = "probe",
        description = {"Streams to a loopback sink with a non-blocking SocketChannel: select() for OP_WRITE, one"
                + " write() of X bytes, again; logs the time in each call and the bytes each write() took."})
public final class ProbeCommand extends MicroCommand {
    @Option(names = "--sizes", split = ",", description = "write sizes (default: 1K,2K,5K,10K,100K)")
    List<String> sizes = List.of("1K", "2K", "5K", "10K", "100K");

    @Option(names = "--nodelay", split = ",", arity = "1", description = "TCP_NODELAY settings (default: false,true)")
    List<Boolean> noDelay = List.of(false, true);

    @Option(names = "--sndbuf", split = ",", paramLabel = "SIZE|os", description = "SO_SNDBUF requests (default: os,8K)")
    List<String> sndbufs = List.of("os", "8K");

    @Option(names = "--writes", description = "writes per cell (default: 10000)")
    long writes = 10_000;

    @Option(names = "--limit", paramLabel = "SECONDS", description = "time limit per cell (default: 10)")
    int limitSeconds = 10;

    @Option(names = "--sink", description = "builtin or nc (nc -kl, when installed) (default: builtin)")
    String sink = "builtin";

    public ProbeCommand() {
        super("--writes 1000");
    }

    @Override
    protected Outcome measure() throws Exception {
        List<String> notes = new ArrayList<>();
        boolean useNc = sink.equals("nc");
        if (useNc && !NetcatSink.installed()) {
            notes.add("nc is not installed (apt-get install netcat-openbsd): using the built-in sink instead");
            useNc = false;
        }
        List<ProbeResult> results = new ArrayList<>();
        try (Sink target = useNc ? new NetcatSink() : new DiscardSink()) {
            notes.add("sink: " + target.describe() + "; " + writes + " writes per cell, limit " + limitSeconds
                    + " s; java " + Runtime.version() + ", " + System.getProperty("os.name") + " "
                    + System.getProperty("os.version"));
            for (String size : sizes) {
                for (boolean nd : noDelay) {
                    for (String sb : sndbufs) {
                        ProbeCell cell = new ProbeCell(Math.toIntExact(ByteSize.parse(size)), nd, SocketBuffers.parse(sb));
                        ProbeResult r = WriteProbe.run(target.address(), cell, writes, Duration.ofSeconds(limitSeconds),
                                Duration.ofSeconds(5));
                        results.add(r);
                        System.err.printf("probe %s: select avg %.1f µs, %.0f bytes/write, %s%n", cell.label(),
                                r.selectNanos().getMean() / 1000, r.bytesPerWrite().mean(), r.status());
                    }
                }
            }
        }
        return new Outcome(ProbeReport.of(results, notes),
                results.stream().allMatch(r -> r.status().equals("OK")));
    }
}
