package dev.gsf.loadgen.load.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.FileSet;
import dev.gsf.loadgen.load.ServedFiles;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.ErrorLog;
import dev.gsf.loadgen.load.metrics.LiveCounters;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.workload.ThinkTime;
import dev.gsf.loadgen.load.workload.Workload;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The TLS handshake is driven by socket events alone: every step that has to wait leaves the interest the socket
 * will announce (read for the server's answer, write for output the socket did not take), so no handshake waits for
 * a timer or for another connection's traffic. Against real TLS servers on loopback; no timing thresholds, only
 * generous deadlines that a stalled handshake would never meet.
 */
@Timeout(180)
class HandshakeProgressTest {
    private static final int CONNECTIONS = 200;

    @RegisterExtension
    static final ServedFiles peer = ServedFiles.byTlsPeer(List.of(new FileSet.Spec("1KB.bin", 1024)), "peer",
            "ip:127.0.0.1");

    @Test
    void everyConnectionOfAnOtherwiseIdleLoopCompletesItsHandshake() throws Exception {
        Target target = Target.parse(peer.url());
        InetSocketAddress address = target.resolve();
        Workload workload = Workload.of(peer.manifest(), "1KB.bin");
        Connecting connecting = new Connecting(TlsClient.of(target, peer.identity().certificatePem(), false),
                List.of());
        Probe.Result probe = Probe.run(target, address, connecting, workload.files(), Duration.ofSeconds(30));
        DriverConfig config = DriverConfig.of(target, address, workload, probe.expectations(), 0, 64 * 1024, 0,
                Duration.ofSeconds(120).toNanos(), ThinkTime.NONE, connecting, null);
        Phases phases = new Phases(System.nanoTime(), 0, Duration.ofSeconds(150).toNanos(), 0);
        Recorder recorder = new Recorder(phases, 1, new LiveCounters(), new ErrorLog(null));
        OneDownloadEach model = new OneDownloadEach(CONNECTIONS);
        EventLoop loop = new EventLoop(config, recorder, model, 0);
        Thread thread = new Thread(loop, "handshake-test-loop");
        thread.start();
        RunMetrics metrics;
        try {
            // All at once, then nothing else: a step left without the right interest would wait here until the
            // download timeout (120 s, longer than this deadline), not for a neighbour's event or a timer.
            assertThat(model.done.await(100, TimeUnit.SECONDS))
                    .as("downloads finished: %d of %d", CONNECTIONS - model.done.getCount(), CONNECTIONS).isTrue();
        } finally {
            loop.stop();
            metrics = loop.result().get(30, TimeUnit.SECONDS);
            thread.join(10_000);
        }
        assertThat(model.failures).isEmpty();
        assertThat(metrics.handshakes).isEqualTo(CONNECTIONS);
        assertThat(metrics.completed).isEqualTo(CONNECTIONS);
    }

    @Test
    void aStepWaitingForTheServerLeavesReadInterestAndOutputTheSocketDidNotTakeLeavesWriteInterest()
            throws Exception {
        // A ClientHello of about 25 KB (many ALPN names) meets a server that does not read yet, over a small send
        // buffer: the first step cannot write all of it.
        String[] protocols = new String[100];
        for (int i = 0; i < protocols.length; i++) {
            protocols[i] = String.format("%03d", i) + "x".repeat(247);
        }
        handshakeStepByStep(protocols, SelectionKey.OP_WRITE);
        // An ordinary ClientHello is written whole; the step then waits for the server's answer.
        handshakeStepByStep(new String[] {"http/1.1"}, SelectionKey.OP_READ);
    }

    /**
     * Takes one handshake through TlsLayer against a JDK TLS server that answers only once the first step is done,
     * checking the interest that step left, then drives it by selector events alone to its end.
     */
    private static void handshakeStepByStep(String[] alpn, int firstInterest) throws Exception {
        CountDownLatch firstStepDone = new CountDownLatch(1);
        try (SSLServerSocket listener = (SSLServerSocket) peer.identity().serverContext().getServerSocketFactory()
                .createServerSocket();
             Selector selector = Selector.open();
             SocketChannel channel = SocketChannel.open()) {
            listener.setReceiveBufferSize(4096);
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            CompletableFuture<Void> server = CompletableFuture.runAsync(() -> answer(listener, firstStepDone));
            channel.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
            channel.connect(listener.getLocalSocketAddress()); // blocking: the connect is not what is tested
            channel.configureBlocking(false);
            SelectionKey key = channel.register(selector, 0);
            SSLEngine engine = TlsClient.of(Target.parse("https://127.0.0.1:" + listener.getLocalPort() + "/"),
                    peer.identity().certificatePem(), false).engine();
            SSLParameters parameters = engine.getSSLParameters();
            parameters.setApplicationProtocols(alpn);
            engine.setSSLParameters(parameters);
            TlsLayer tls = new TlsLayer(engine, new TlsBuffers(engine.getSession(), 64 * 1024));

            assertThat(tls.handshake(channel, key)).isFalse();
            assertThat(key.interestOps()).isEqualTo(firstInterest);
            firstStepDone.countDown();

            int steps = 0;
            boolean done = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!done && System.nanoTime() < deadline) {
                int interest = key.interestOps();
                assertThat(interest).as("a waiting step names what it waits for")
                        .isIn(SelectionKey.OP_READ, SelectionKey.OP_WRITE);
                if (selector.select(1000) == 0) {
                    continue; // nothing announced yet: only the socket may move the handshake on
                }
                selector.selectedKeys().clear();
                done = tls.handshake(channel, key);
                steps++;
            }
            assertThat(done).as("handshake complete after %d steps", steps).isTrue();
            server.get(30, TimeUnit.SECONDS);
        }
    }

    /** Accepts one connection and completes the handshake once the client's first step is done. */
    private static void answer(SSLServerSocket listener, CountDownLatch firstStepDone) {
        try (SSLSocket socket = (SSLSocket) listener.accept()) {
            if (!firstStepDone.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the client's first step never ended");
            }
            socket.startHandshake();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every client downloads once, all starting at once; the loop is idle apart from their handshakes. */
    private static final class OneDownloadEach implements LoadModel {
        private final int clients;
        final CountDownLatch done;
        final Map<User, ErrorKind> failures = new ConcurrentHashMap<>();

        OneDownloadEach(int clients) {
            this.clients = clients;
            this.done = new CountDownLatch(clients);
        }

        @Override
        public void start(EventLoop loop) {
            long now = System.nanoTime();
            for (int i = 0; i < clients; i++) {
                User client = loop.newClient();
                loop.at(now, () -> client.begin(0, System.nanoTime()));
            }
        }

        @Override
        public void onFree(User client, long nowNanos, ErrorKind failure) {
            if (failure != null) {
                failures.put(client, failure);
            }
            done.countDown();
        }

        @Override
        public void finish() {
        }
    }
}
