package dev.gsf.micro.echo;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Runs every cell of the chosen dimensions, repeating each; a cell that fails once is not repeated. */
public record EchoMatrix(List<EchoPair> pairs, List<Integer> threads, List<Integer> buffers,
                         List<SocketBuffers> sockbufs, long bytesPerClient, int runs, Duration stall, Duration limit,
                         boolean noDelay) {

    public List<EchoCellResult> run(PrintStream progress) throws Exception {
        List<EchoCellResult> results = new ArrayList<>();
        for (SocketBuffers sockbuf : sockbufs) {
            for (EchoPair pair : pairs) {
                for (int buffer : buffers) {
                    for (int t : threads) {
                        results.add(cell(pair, sockbuf, buffer, t, progress));
                    }
                }
            }
        }
        return results;
    }

    private EchoCellResult cell(EchoPair pair, SocketBuffers sockbuf, int buffer, int t, PrintStream progress)
            throws Exception {
        EchoSettings settings = new EchoSettings(buffer, bytesPerClient, sockbuf, stall, limit, noDelay);
        List<EchoRun> done = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            EchoRun run = new EchoCell(pair.server(), pair.client(), t, settings).run();
            done.add(run);
            progress.printf("echo %s sockbuf=%s buffer=%s threads=%d run %d/%d: %s%n", pair.label(), sockbuf.label(),
                    ByteSize.format(buffer), t, r + 1, runs,
                    run.ok() ? String.format("%.0f ms, %.0f MiB/s", run.wholeMs(), run.mibPerSecond())
                            : run.status() + " " + run.reason());
            if (!run.ok()) {
                break;
            }
        }
        return new EchoCellResult(pair, sockbuf.label(), buffer, t, done);
    }
}
