package dev.gsf.micro.common;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.util.Locale;

/**
 * The SO_SNDBUF/SO_RCVBUF request of a run: a byte count (the echo paper used 8192) or the OS default with
 * autotuning. Linux doubles a requested value and caps it, so what was really set is always read back.
 */
public record SocketBuffers(int requested) {
    public static final SocketBuffers OS_DEFAULT = new SocketBuffers(0);

    /** "os" (or "default") for the OS default, otherwise a size such as 8192 or 8K. */
    public static SocketBuffers parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("os") || t.equals("default")) {
            return OS_DEFAULT;
        }
        return new SocketBuffers(Math.toIntExact(dev.gsf.common.ByteSize.parse(t)));
    }

    public boolean isOsDefault() {
        return requested <= 0;
    }

    public String label() {
        return isOsDefault() ? "os" : Integer.toString(requested);
    }

    /** For listeners: only the receive side exists before accept, and it must be set before bind to count. */
    public void applyReceive(NetworkChannel channel) throws IOException {
        if (!isOsDefault()) {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, requested);
        }
    }

    /** For connected or about-to-connect sockets: both sides. */
    public void applyBoth(NetworkChannel channel) throws IOException {
        if (!isOsDefault()) {
            channel.setOption(StandardSocketOptions.SO_SNDBUF, requested);
            channel.setOption(StandardSocketOptions.SO_RCVBUF, requested);
        }
    }

    /** What the kernel reports now for a connected socket. */
    public static Actual readBack(NetworkChannel channel) throws IOException {
        return new Actual(channel.getOption(StandardSocketOptions.SO_SNDBUF),
                channel.getOption(StandardSocketOptions.SO_RCVBUF));
    }

    /**
     * Sizes in force as getOption returns them. On Linux the kernel doubles a request (for its bookkeeping
     * overhead) and the JDK halves what getsockopt returns, so getOption shows the request; {@link #kernelSend}
     * and {@link #kernelReceive} give what the kernel really allocated, as {@code ss -tm} shows (tb, rb).
     */
    public record Actual(int send, int receive) {
        private static final int KERNEL_FACTOR =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux") ? 2 : 1;

        public int kernelSend() {
            return send * KERNEL_FACTOR;
        }

        public int kernelReceive() {
            return receive * KERNEL_FACTOR;
        }

        public String describe() {
            return "sndbuf " + kernelSend() + " rcvbuf " + kernelReceive() + " (getOption " + send + "/" + receive + ")";
        }
    }
}
