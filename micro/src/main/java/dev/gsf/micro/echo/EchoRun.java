package dev.gsf.micro.echo;

import dev.gsf.micro.common.SocketBuffers;

/**
 * One run of one cell. status is OK, DL (watchdog: no progress), TO (time limit), or ERR (a client failed for
 * another reason); reason says why for anything but OK. Times in ms; perThreadMs is wholeMs / threads, which is
 * how the paper's per-thread numbers relate to its whole-test numbers; meanThreadMs is what a client thread took.
 */
public record EchoRun(String status, String reason, double wholeMs, double perThreadMs, double meanThreadMs,
                      long bytesSent, long bytesEchoed, boolean intact, SocketBuffers.Actual clientBuffers,
                      SocketBuffers.Actual serverBuffers) {

    public boolean ok() {
        return status.equals("OK");
    }

    /** MiB echoed per second over the whole test. */
    public double mibPerSecond() {
        return wholeMs <= 0 ? Double.NaN : bytesEchoed / 1048576.0 / (wholeMs / 1000);
    }
}
