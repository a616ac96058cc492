package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.bench.SuiteCommand.Round;
import dev.gsf.bench.SuiteCommand.Row;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.report.Stats;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The suite's rounds put together: one row per cell, each figure the median of the cell's rounds, the throughput's
 * extremes beside it, downloads and errors summed, every round's missed criteria kept with its number. One round's
 * cells are its rows as measured. Medians, not means: one round disturbed by the machine cannot pull a median of
 * three past the other two rounds' values.
 */
final class SuiteRounds {
    private SuiteRounds() {
    }

    /** The tables' "[min-max]" heading when some row is from more than one round, else nothing. */
    static String spreadHeading(boolean severalRounds) {
        return severalRounds ? String.format(Locale.ROOT, " %15s", "[min-max]") : "";
    }

    /** A row's "[min-max]" under {@link #spreadHeading}; nothing for a row of one round. */
    static String spread(int rounds, double min, double max) {
        return rounds == 1 ? "" : String.format(Locale.ROOT, " [%6.1f-%6.1f]", min, max);
    }

    /** {@code algorithms} started at its {@code k}-th element, so that each round a different one runs first. */
    static <T> List<T> rotated(List<T> algorithms, int k) {
        int n = algorithms.size();
        return IntStream.range(0, n).mapToObj(i -> algorithms.get((i + k) % n)).toList();
    }

    /** The matrix's rows: per limit and clients in the order they ran, the algorithms in {@code order}. */
    static List<Row> cells(List<Round> rounds, List<Algorithm> order) {
        List<Row> all = rounds.stream().flatMap(r -> r.cells().stream()).toList();
        return grouped(all, r -> List.of(r.limit(), r.clients()), Row::algorithm, order).stream()
                .map(SuiteRounds::median).toList();
    }

    /** The mixed cell's rows, one per algorithm in {@code order}. */
    static List<MixedCell.Row> mixed(List<Round> rounds, List<Algorithm> order) {
        List<MixedCell.Row> all = rounds.stream().flatMap(r -> r.mixed().stream()).toList();
        return grouped(all, r -> List.of(), MixedCell.Row::algorithm, order).stream().map(SuiteRounds::mixedMedian)
                .toList();
    }

    /**
     * Each cell's "% best" in every round (its throughput as a share of the highest among the algorithms at the same
     * clients and limit in that round), keyed by {@link #cellKey}: the spread of the ratio beside its median.
     */
    static Map<List<Object>, Stats> bestShares(List<Round> rounds) {
        Map<List<Object>, List<Double>> shares = new LinkedHashMap<>();
        for (Round round : rounds) {
            for (Row r : round.cells()) {
                double best = round.cells().stream()
                        .filter(o -> o.clients() == r.clients() && o.limit().equals(r.limit()))
                        .mapToDouble(Row::throughputMBs).filter(mbs -> !Double.isNaN(mbs)).max().orElse(Double.NaN);
                shares.computeIfAbsent(cellKey(r), k -> new ArrayList<>()).add(100 * r.throughputMBs() / best);
            }
        }
        Map<List<Object>, Stats> spreads = new LinkedHashMap<>();
        shares.forEach((key, values) -> spreads.put(key, Stats.of(values)));
        return spreads;
    }

    /** What names a matrix cell across rounds: its limit, clients and algorithm. */
    static List<Object> cellKey(Row r) {
        return List.of(r.limit(), r.clients(), r.algorithm());
    }

    /** A cell's rounds (in round order) together. */
    static Row median(List<Row> runs) {
        Row first = runs.get(0);
        if (runs.size() == 1) {
            return first;
        }
        Stats throughput = Stats.of(runs.stream().map(Row::throughputMBs).toList());
        // Each round names the largest file that completed inside steady state; a median across files means nothing.
        // The file most rounds named (the earliest of a tie).
        String file = runs.stream()
                .collect(Collectors.groupingBy(Row::speedFile, LinkedHashMap::new, Collectors.counting()))
                .entrySet().stream().max(Comparator.comparingLong(e -> e.getValue())).orElseThrow().getKey();
        double speed = median(runs.stream().filter(r -> r.speedFile().equals(file)).toList(), Row::avgSpeedMBs);
        return new Row(first.clients(), first.limit(), first.algorithm(), first.server(),
                median(runs, Row::avgInitSeconds), speed, file, throughput.median(), throughput.min(),
                throughput.max(), runs.size(), median(runs, Row::serverCpuMsPerMB), median(runs, Row::p99InitMs),
                runs.stream().mapToLong(Row::downloads).sum(), runs.stream().mapToLong(Row::errors).sum(),
                missed(runs, Row::missed), worstExit(runs.stream().mapToInt(Row::exitCode).toArray()));
    }

    /** A mixed cell's rounds together. */
    static MixedCell.Row mixedMedian(List<MixedCell.Row> runs) {
        MixedCell.Row first = runs.get(0);
        if (runs.size() == 1) {
            return first;
        }
        Stats fast = Stats.of(runs.stream().map(MixedCell.Row::fastMBs).toList());
        return new MixedCell.Row(first.algorithm(), median(runs, MixedCell.Row::slowPercent),
                median(runs, MixedCell.Row::slowP99InitMs), runs.stream().mapToLong(MixedCell.Row::slowErrors).sum(),
                fast.median(), fast.min(), fast.max(), runs.size(), median(runs, MixedCell.Row::fastP99InitMs),
                runs.stream().mapToLong(MixedCell.Row::fastErrors).sum(), missed(runs, MixedCell.Row::missed),
                worstExit(runs.stream().mapToInt(MixedCell.Row::exitCode).toArray()));
    }

    /** Rows grouped by {@code cell} in first-seen order, each group's algorithms in {@code order}. */
    private static <R> List<List<R>> grouped(List<R> all, Function<R, List<Object>> cell,
                                             Function<R, Algorithm> algorithm, List<Algorithm> order) {
        List<List<R>> groups = new ArrayList<>();
        for (List<Object> key : all.stream().map(cell).distinct().toList()) {
            for (Algorithm a : order) {
                List<R> runs = all.stream().filter(r -> cell.apply(r).equals(key) && algorithm.apply(r) == a)
                        .toList();
                if (!runs.isEmpty()) {
                    groups.add(runs);
                }
            }
        }
        return groups;
    }

    private static <R> double median(Collection<R> runs, ToDoubleFunction<R> figure) {
        return Stats.of(runs.stream().mapToDouble(figure).toArray()).median();
    }

    /** Every round's missed criteria, each after its round's number. */
    private static <R> List<String> missed(List<R> runs, Function<R, List<String>> missed) {
        return IntStream.range(0, runs.size()).boxed().flatMap(i -> missed.apply(runs.get(i)).stream()
                .map(m -> "round " + (i + 1) + ": " + m)).toList();
    }

    /** A run that could not take place outweighs any other outcome; otherwise the highest code. */
    private static int worstExit(int[] codes) {
        return IntStream.of(codes).anyMatch(c -> c == LoadCommand.BAD_INPUT) ? LoadCommand.BAD_INPUT
                : IntStream.of(codes).max().orElse(LoadCommand.PASSED);
    }
}
