/**
 * The benchmarks: {@code gsf bench-algorithms}, {@code gsf suite}, {@code gsf compare} and {@code gsf soak}.
 *
 * <ul>
 *   <li>Commands: {@link dev.gsf.bench.BenchAlgorithmsCommand} (the algorithms against each other),
 *       {@link dev.gsf.bench.SuiteCommand} (the original benchmark table), {@link dev.gsf.bench.CompareCommand}
 *       (beside Grizzly's StaticHttpHandler and nginx), {@link dev.gsf.bench.SoakCommand} (one server against every
 *       {@link dev.gsf.bench.SoakClients client kind} at once, then {@link dev.gsf.bench.ServerState} against the
 *       baseline).</li>
 *   <li>Servers under test, each a {@link dev.gsf.bench.Peer} in its own process ({@link dev.gsf.bench.ChildPeer}):
 *       {@link dev.gsf.bench.ServerProcess}, {@link dev.gsf.bench.StaticHandlerServer}, {@link dev.gsf.bench.NginxPeer}.</li>
 *   <li>Load clients, each a {@link dev.gsf.bench.LoadClient}: {@link dev.gsf.bench.Wrk},
 *       {@link dev.gsf.bench.BuiltinClient}, {@link dev.gsf.bench.GsfLoadClient} (gsf load in this process).</li>
 *   <li>{@link dev.gsf.bench.Measurements}: interleaved rounds, medians and spreads, of
 *       {@link dev.gsf.bench.Workload}s; {@link dev.gsf.bench.RoundsOptions}: their --rounds, --duration and
 *       --warm-up; {@link dev.gsf.bench.LoopbackLimit}: iperf3 for scale. The options the commands share with the
 *       others or with each other (--out, --root, --manifest, the phases, --server-option) are
 *       {@code dev.gsf.common.options}' mixins.</li>
 * </ul>
 *
 * <p>Threads: a command runs on the caller's thread and blocks for the whole benchmark; servers run in child
 * processes, never in the client's JVM.
 */
package dev.gsf.bench;
