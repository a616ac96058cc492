package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import java.util.SplittableRandom;

/**
 * Faban's closed model: a fixed set of clients, each on its own keep-alive connection, starting one after another
 * during ramp-up and then downloading, thinking and downloading again until the run ends.
 */
final class ClosedModel implements LoadModel {
    private final int firstIndex;
    private final int stride;
    private final int totalClients;
    private final int clientsHere;
    private final SplittableRandom random;
    private EventLoop loop;

    /**
     * @param firstIndex   global index of this loop's first client (loop number)
     * @param stride       number of loops: this loop owns clients firstIndex, firstIndex + stride, ...
     * @param totalClients clients across all loops
     */
    ClosedModel(int firstIndex, int stride, int totalClients, long seed) {
        this.firstIndex = firstIndex;
        this.stride = stride;
        this.totalClients = totalClients;
        this.clientsHere = firstIndex < totalClients ? (totalClients - firstIndex + stride - 1) / stride : 0;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void start(EventLoop loop) {
        this.loop = loop;
        long rampUp = loop.recorder().phases().rampUpNanos();
        for (int k = 0; k < clientsHere; k++) {
            long global = firstIndex + (long) k * stride;
            Client client = loop.newClient();
            // Staggered over ramp-up, so that the server sees load grow rather than a wall of connects.
            long at = loop.recorder().phases().startNanos() + rampUp * global / totalClients;
            loop.at(at, () -> begin(client));
        }
    }

    private void begin(Client client) {
        long now = System.nanoTime();
        if (now < loop.recorder().phases().end()) {
            client.begin(loop.config().workload().pick(random), now);
        }
    }

    @Override
    public void onFree(Client client, long nowNanos, ErrorKind failure) {
        long pause = loop.config().think().nextNanos(random);
        if (failure != null) {
            pause = Math.max(pause, LoadModel.backoffNanos(failure));
            // Even without a pause, start over from the loop, not from inside the failure handler.
            loop.at(nowNanos + pause, () -> begin(client));
        } else if (pause > 0) {
            loop.at(nowNanos + pause, () -> begin(client));
        } else {
            begin(client);
        }
    }

    @Override
    public void finish() {
    }
}
