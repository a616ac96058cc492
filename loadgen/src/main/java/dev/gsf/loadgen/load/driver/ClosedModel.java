package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.FileChoices;
import dev.gsf.loadgen.segment.Stripe;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Faban's closed model: a fixed set of clients, each on its own keep-alive connection, starting one after another
 * during ramp-up and then downloading, thinking and downloading again until the run ends.
 */
final class ClosedModel implements LoadModel {
    private final Stripe clients;
    private final int totalClients;
    private final long seed;
    /** Each client's own stream, drawn from its global number: the same in any loop or segment. */
    private final Map<User, SplittableRandom> streams = new HashMap<>();
    private EventLoop loop;

    /**
     * @param clients      the global numbers of this loop's clients
     * @param totalClients clients of the whole run, every segment and loop
     */
    ClosedModel(Stripe clients, int totalClients, long seed) {
        this.clients = clients;
        this.totalClients = totalClients;
        this.seed = seed;
    }

    @Override
    public void start(EventLoop loop) {
        this.loop = loop;
        long rampUp = loop.recorder().phases().rampUpNanos();
        int here = clients.countBelow(totalClients);
        for (int k = 0; k < here; k++) {
            long global = clients.at(k);
            User client = loop.newClient();
            streams.put(client, FileChoices.client(seed, global));
            // Staggered over ramp-up, so that the server sees load grow rather than a wall of connects.
            long at = loop.recorder().phases().startNanos() + rampUp * global / totalClients;
            loop.at(at, () -> begin(client));
        }
    }

    private void begin(User client) {
        long now = System.nanoTime();
        if (now < loop.recorder().phases().end()) {
            client.begin(loop.config().workload().pick(streams.get(client)), now);
        }
    }

    @Override
    public void onFree(User client, long nowNanos, ErrorKind failure) {
        long pause = loop.config().think().nextNanos(streams.get(client));
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
