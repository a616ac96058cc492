package dev.gsf.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code --pin}: which CPUs the servers under test run on and which the clients do, so that the load generator (or
 * wrk) never takes the server's core and a figure holds from run to run. Servers are started under {@code taskset -c}
 * on the server CPUs (nginx with as many workers as those CPUs, its workers inheriting the master's affinity); this
 * JVM (an in-process load generator, and every client it starts: wrk, iperf3) moves to the other CPUs. Unpinned
 * ({@link #NONE}) everything shares every CPU, as before.
 *
 * @param serverCpus the server CPUs, sorted; empty when not pinned
 * @param clientCpus the other CPUs this process may use, sorted; empty when not pinned
 */
record Pinning(List<Integer> serverCpus, List<Integer> clientCpus) {
    static final Pinning NONE = new Pinning(List.of(), List.of());

    Pinning {
        serverCpus = List.copyOf(serverCpus);
        clientCpus = List.copyOf(clientCpus);
    }

    /**
     * The servers on {@code serverList} (a taskset list: "0", "0-1", "0,2"), the clients on the rest of
     * {@code allowed}; IllegalArgumentException when the list is malformed, names a CPU outside {@code allowed} or
     * leaves none for the clients.
     */
    static Pinning of(String serverList, List<Integer> allowed) {
        TreeSet<Integer> servers = parse(serverList);
        if (!allowed.containsAll(servers)) {
            throw new IllegalArgumentException("--pin " + serverList + ": this process may use CPUs "
                    + format(allowed) + " only");
        }
        List<Integer> clients = allowed.stream().filter(cpu -> !servers.contains(cpu)).sorted().toList();
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("--pin " + serverList + " leaves no CPU for the clients (of "
                    + format(allowed) + ")");
        }
        return new Pinning(List.copyOf(servers), clients);
    }

    /** A taskset CPU list as a set; IllegalArgumentException when malformed. */
    static TreeSet<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        try {
            for (String part : list.strip().split(",")) {
                String[] range = part.strip().split("-", -1);
                int from = Integer.parseInt(range[0].strip());
                int to = range.length == 1 ? from : Integer.parseInt(range[1].strip());
                if (range.length > 2 || from < 0 || to < from) {
                    throw new NumberFormatException(part);
                }
                for (int cpu = from; cpu <= to; cpu++) {
                    cpus.add(cpu);
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--pin takes a CPU list such as 0, 0-1 or 0,2, not '" + list + "'");
        }
        return cpus;
    }

    /** "0", "0-3", "0,2-3": the shortest taskset list of {@code cpus}. */
    static String format(List<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        List<Integer> sorted = cpus.stream().sorted().distinct().toList();
        for (int i = 0; i < sorted.size(); ) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? sorted.get(i).toString() : sorted.get(i) + "-" + sorted.get(j));
            i = j + 1;
        }
        return String.join(",", parts);
    }

    /** The CPUs this process may run on, from /proc/self/status (Cpus_allowed_list). */
    static List<Integer> allowedCpus() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return List.copyOf(parse(line.substring(line.indexOf(':') + 1)));
            }
        }
        throw new IOException("/proc/self/status gives no Cpus_allowed_list");
    }

    boolean on() {
        return !serverCpus.isEmpty();
    }

    /** The CPUs of the run: the servers' and the clients' when pinned, else this JVM's. */
    int cores() {
        return on() ? serverCpus.size() + clientCpus.size() : Runtime.getRuntime().availableProcessors();
    }

    /** How many CPUs a server gets (nginx's workers), 0 when not pinned. */
    int serverCores() {
        return serverCpus.size();
    }

    /** How many CPUs the clients get (wrk's threads), 0 when not pinned. */
    int clientCores() {
        return clientCpus.size();
    }

    /** {@code command} started on the server CPUs: under {@code taskset -c}, which execs it (same pid). */
    List<String> server(List<String> command) {
        if (!on()) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", format(serverCpus)));
        pinned.addAll(command);
        return pinned;
    }

    /** The header line that says where everything runs. */
    String describe() {
        return on() ? "pinned: servers on CPU " + format(serverCpus) + " (taskset -c " + format(serverCpus)
                + "; nginx " + serverCores() + " worker" + (serverCores() == 1 ? "" : "s") + "), clients on CPU "
                + format(clientCpus) : "not pinned: servers and clients share every CPU";
    }

    /** This process on the client CPUs until closed; then back on the CPUs it had. */
    interface Held extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    /**
     * Moves every thread of this JVM to the client CPUs (taskset -a -p); threads and processes started later inherit
     * it. Closing the result moves them back (a test's JVM goes on with other tests). Nothing when not pinned.
     */
    Held pinThisProcess() throws IOException {
        if (!on()) {
            return () -> { };
        }
        List<Integer> before = allowedCpus();
        allThreadsTo(clientCpus);
        return () -> allThreadsTo(before);
    }

    private static void allThreadsTo(List<Integer> cpus) throws IOException {
        String pid = Long.toString(ProcessHandle.current().pid());
        Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", format(cpus), pid)
                .redirectErrorStream(true).start();
        try {
            String said = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                throw new IOException("taskset could not move this process to CPU " + format(cpus) + ": "
                        + said.lines().collect(Collectors.joining(" ")));
            }
        } catch (InterruptedException e) {
            taskset.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
