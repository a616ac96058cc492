package dev.gsf.bench;

import dev.gsf.server.ServerReady;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.StaticHttpHandler;

/**
 * Grizzly's own StaticHttpHandler, the peer a Grizzly user would reach for first. Sendfile is enabled; the file
 * cache is on or off. Run as a child process: {@code StaticHandlerServer ROOT PORT on|off}; once it listens it
 * prints the {@link ServerReady} handshake.
 */
public final class StaticHandlerServer {
    private StaticHandlerServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 3) {
            System.err.println("usage: StaticHandlerServer ROOT PORT on|off  (file cache)");
            System.exit(2);
        }
        boolean fileCache = args[2].equals("on");
        java.util.logging.Logger.getLogger("org.glassfish.grizzly").setLevel(java.util.logging.Level.WARNING);
        HttpServer server = new HttpServer();
        NetworkListener listener = new NetworkListener("static", "127.0.0.1", Integer.parseInt(args[1]));
        listener.setSendFileEnabled(true);
        listener.getFileCache().setEnabled(fileCache);
        listener.getKeepAlive().setMaxRequestsCount(-1);
        server.addListener(listener);
        StaticHttpHandler handler = new StaticHttpHandler(args[0]);
        handler.setFileCacheEnabled(fileCache);
        server.getServerConfiguration().addHttpHandler(handler, "/");
        server.start();
        System.out.println("grizzly-static serving " + args[0] + " on http://127.0.0.1:" + listener.getPort()
                + "  file-cache=" + (fileCache ? "on" : "off") + " sendfile=on");
        System.out.println(new ServerReady("grizzly-static", "127.0.0.1", listener.getPort(), null, null,
                Map.of("root", args[0], "file-cache", fileCache ? "on" : "off", "sendfile", "on")).line());
        System.out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            stopped.countDown();
        }));
        stopped.await();
    }
}
