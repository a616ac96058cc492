package dev.gsf.micro.conns;

/**
 * One run: frames checked per second during the measured window, and the end-of-run audit: every frame the
 * clients sent was read and valid, none corrupt, none cut off. status OK, DL (stall) or ERR (audit failed).
 */
public record ConnsResult(ConnsModel model, int connections, int serverThreads, double framesPerSecond,
                          double mibPerSecond, long framesSent, long framesValid, long corrupt, String status,
                          String reason) {
    public boolean ok() {
        return status.equals("OK");
    }
}
