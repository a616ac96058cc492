/**
 * The benchmarks: {@code gsf bench-algorithms}, {@code gsf suite}, {@code gsf compare} and {@code gsf soak}.
 *
 * <ul>
 *   <li>Commands: {@link dev.gsf.bench.BenchAlgorithmsCommand} (the algorithms against each other),
 *       {@link dev.gsf.bench.SuiteCommand} (the original benchmark table), {@link dev.gsf.bench.CompareCommand}
 *       (beside Grizzly's StaticHttpHandler and nginx), {@link dev.gsf.bench.SoakCommand} (one server against every
 *       {@link dev.gsf.bench.SoakClients client kind} at once, then {@link dev.gsf.bench.ServerState} against the
 *       baseline). A command parses, checks and wires; what it runs and what it writes live beside it.</li>
 *   <li>The suite: {@link dev.gsf.bench.SuiteCells} runs its rounds of cells, each on a fresh server
 *       ({@link dev.gsf.bench.CellPlan}, {@link dev.gsf.bench.MixedCell}); {@link dev.gsf.bench.SuiteRounds} puts the
 *       rounds together and {@link dev.gsf.bench.SuiteReport} prints the table and writes suite.json and suite.html.
 *       Compare: {@link dev.gsf.bench.ManyClientsPass} for its many slow clients, {@link dev.gsf.bench.CompareReport}
 *       for its tables, compare.json and compare.html.</li>
 *   <li>Servers under test, each a {@link dev.gsf.bench.Peer} in its own process ({@link dev.gsf.bench.ChildPeer}):
 *       {@link dev.gsf.bench.ServerProcess}, {@link dev.gsf.bench.StaticHandlerServer},
 *       {@link dev.gsf.bench.NginxPeer}, whose workers {@link dev.gsf.bench.NginxWorkers} runs as the owner of the
 *       files when started by root. {@link dev.gsf.bench.Transport}: plain HTTP, or HTTPS on a
 *       {@link dev.gsf.bench.LoopbackCertificate} made for the run; {@link dev.gsf.bench.DebianPackages}: peers
 *       installed when missing.</li>
 *   <li>Load clients, each a {@link dev.gsf.bench.LoadClient}: {@link dev.gsf.bench.Wrk} and
 *       {@link dev.gsf.bench.H2load} (external tools, run by {@link dev.gsf.bench.ToolOutput}),
 *       {@link dev.gsf.bench.BuiltinClient}, {@link dev.gsf.bench.GsfLoadClient} (gsf load in this process).</li>
 *   <li>{@link dev.gsf.bench.Measurements}: interleaved rounds, medians and spreads, of
 *       {@link dev.gsf.bench.Workload}s, after a warm-up that {@link dev.gsf.bench.JitWarmUp} stretches while a JVM
 *       server's compiler threads are still busy; {@link dev.gsf.bench.RoundsOptions}: their --rounds, --duration and
 *       --warm-up; {@link dev.gsf.bench.GsfServerOptions}: --server-option, --root and --pin of bench-algorithms and
 *       compare, and the command line of each gsf server they start; {@link dev.gsf.bench.PinOption} and
 *       {@link dev.gsf.bench.Pinning}: --pin of bench-algorithms, compare, suite and soak (servers under taskset on
 *       some CPUs, this process and its clients on the others; {@code runPinned} validates a command's options and
 *       runs it so); {@link dev.gsf.bench.LoopbackLimit}: iperf3 for scale;
 *       {@link dev.gsf.bench.Footprint} and {@link dev.gsf.bench.KernelTcp}: what a server process (with its
 *       descendants: nginx's workers) and the kernel's TCP spent; {@link dev.gsf.bench.AcceptQueue}: how many
 *       connections waited for the server to accept them. The options the commands
 *       share with the others or with each other (--out, --root, --manifest, the phases, --server-option) are
 *       {@code dev.gsf.common.options}' mixins.</li>
 * </ul>
 *
 * <p>Threads: a command runs on the caller's thread and blocks for the whole benchmark; servers run in child
 * processes, never in the client's JVM. Threads of their own: a server's log drain, the footprint's and the accept
 * queue's samplers, the built-in client's virtual threads, the mixed cell's slow group and the soak's clients.
 */
package dev.gsf.bench;
