package dev.gsf.micro.echo;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.MicroCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf echo}: the blocking vs non-blocking echo paper of Viktorov &amp; Dichter, with NIO.2 and virtual threads. */
@Command(name = "echo",
        description = {"Echo micro-test of the Viktorov & Dichter paper: each client thread writes once as much as"
                + " the socket takes, reads that back, until it moved --bytes; the server reads once, writes all back."
                + " Prints the paper's tables (per-thread (whole) ms) per pairing; DL = watchdog saw no progress."})
public final class EchoCommand extends MicroCommand {
    @Option(names = "--pairs", split = ",", paramLabel = "S-C",
            description = "server-client pairings of B, NB, A (NIO.2), VT (default: B-B,NB-NB,B-NB,NB-B,A-A,VT-VT)")
    List<String> pairs = List.of("B-B", "NB-NB", "B-NB", "NB-B", "A-A", "VT-VT");

    @Option(names = "--threads", split = ",", paramLabel = "N", description = "client threads (default: 1,4,8,16,32,64)")
    List<Integer> threads = List.of(1, 4, 8, 16, 32, 64);

    @Option(names = "--buffers", split = ",", paramLabel = "SIZE",
            description = "application buffers (default: 8K,16K,24K,32K,48K,64K,128K,256K)")
    List<String> buffers = List.of("8K", "16K", "24K", "32K", "48K", "64K", "128K", "256K");

    @Option(names = "--sockbuf", split = ",", paramLabel = "SIZE|os",
            description = "SO_SNDBUF/SO_RCVBUF request: the paper's 8192 and/or os (default: 8192,os)")
    List<String> sockbufs = List.of("8192", "os");

    @Option(names = "--bytes", paramLabel = "SIZE", description = "bytes each client thread moves (default: 100M)")
    String bytes = "100M";

    @Option(names = "--nodelay", description = "TCP_NODELAY on both ends (the paper left Nagle on; default: off)")
    boolean noDelay;

    @Option(names = "--runs", description = "repetitions per cell (default: 3)")
    int runs = 3;

    @Option(names = "--stall", paramLabel = "SECONDS", description = "no progress this long = DL (default: 3)")
    double stallSeconds = 3;

    @Option(names = "--cell-limit", paramLabel = "SECONDS", description = "a run longer than this = TO (default: 300)")
    double limitSeconds = 300;

    public EchoCommand() {
        super("--threads 1,4,16 --buffers 8K,64K,256K --sockbuf 8192 --bytes 4M --runs 2 --stall 2");
    }

    @Override
    protected Outcome measure() throws Exception {
        List<EchoCellResult> results = new EchoMatrix(pairs.stream().map(EchoPair::parse).toList(), threads,
                buffers.stream().map(b -> Math.toIntExact(ByteSize.parse(b))).toList(),
                sockbufs.stream().map(SocketBuffers::parse).toList(), ByteSize.parse(bytes), runs,
                Duration.ofMillis((long) (stallSeconds * 1000)), Duration.ofMillis((long) (limitSeconds * 1000)), noDelay)
                .run(System.err);
        // DL and TO are findings of the paper's kind, not failures of the tool
        return new Outcome(EchoReport.of(results, describeSettings()),
                results.stream().noneMatch(r -> r.status().equals("ERR")));
    }

    private List<String> describeSettings() {
        List<String> lines = new ArrayList<>();
        lines.add("bytes per client thread: " + bytes + ", TCP_NODELAY " + (noDelay ? "on" : "off") + ", runs per cell: " + runs + ", DL after " + stallSeconds
                + " s without progress, cell limit " + limitSeconds + " s");
        lines.add("java " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version"));
        return lines;
    }
}
