package dev.gsf.micro.probe;

import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.Programs;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The seed's sink: {@code nc -kl 127.0.0.1 PORT > /dev/null}, when nc is installed. */
public final class NetcatSink implements Sink {
    private final Process nc;
    private final int port;

    public NetcatSink() throws IOException, InterruptedException {
        port = Loopback.freePort();
        nc = new ProcessBuilder("nc", "-kl", "127.0.0.1", Integer.toString(port))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        try {
            Loopback.awaitListening(port, Duration.ofSeconds(5));
        } catch (IOException | InterruptedException e) {
            close();
            throw e;
        }
    }

    public static boolean installed() {
        return Programs.onPath("nc");
    }

    @Override
    public InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    @Override
    public String describe() {
        return "nc -kl 127.0.0.1 " + port + " > /dev/null";
    }

    @Override
    public void close() {
        nc.destroy();
        try {
            if (!nc.waitFor(5, TimeUnit.SECONDS)) {
                nc.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            nc.destroyForcibly();
        }
    }
}
