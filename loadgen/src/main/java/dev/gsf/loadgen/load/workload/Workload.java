package dev.gsf.loadgen.load.workload;

import dev.gsf.common.Manifest;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/** The files clients download and how often each: a flat mix over the manifest's files. Immutable; any thread. */
public final class Workload {
    private final List<FileChoice> files;
    private final double[] cumulative;

    private Workload(List<FileChoice> files) {
        this.files = List.copyOf(files);
        this.cumulative = new double[files.size()];
        double sum = 0;
        for (int i = 0; i < files.size(); i++) {
            sum += files.get(i).weight();
            cumulative[i] = sum;
        }
    }

    /**
     * Reads the manifest and applies the mix.
     *
     * @param mix "" for equal weights over every file; else "NAME[=WEIGHT],..." naming the only files used
     * @throws IllegalArgumentException saying what is wrong with the manifest or the mix
     */
    public static Workload of(Path manifest, String mix) {
        Manifest parsed;
        try {
            parsed = Manifest.read(manifest);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("manifest " + manifest + " does not exist (generate the files with"
                    + " './gsf files', or give --manifest FILE in md5sum format)");
        } catch (IOException e) {
            throw new IllegalArgumentException("manifest: " + e.getMessage());
        }
        Map<String, String> md5s = new LinkedHashMap<>();
        for (Manifest.Entry e : parsed.entries()) {
            String before = md5s.put(e.name(), e.md5());
            if (before != null && !before.equals(e.md5())) { // which one a download is checked against: a guess
                throw new IllegalArgumentException("manifest " + manifest + " lists '" + e.name() + "' twice, with MD5 "
                        + before + " and " + e.md5());
            }
        }
        return new Workload(choose(md5s, mix));
    }

    /** The file set's manifest in a directory, e.g. files/MD5SUMS. */
    public static Path manifestIn(Path directory) {
        return directory.resolve(dev.gsf.common.FileSet.MANIFEST);
    }

    private static List<FileChoice> choose(Map<String, String> md5s, String mix) {
        List<FileChoice> chosen = new ArrayList<>();
        if (mix == null || mix.isBlank()) {
            md5s.forEach((name, md5) -> chosen.add(new FileChoice(name, md5, 1)));
            return chosen;
        }
        for (String item : mix.split(",")) {
            String[] parts = item.trim().split("=", 2);
            String name = parts[0].trim();
            if (!md5s.containsKey(name)) {
                throw new IllegalArgumentException("--mix: '" + name + "' is not in the manifest; it lists "
                        + String.join(", ", md5s.keySet()));
            }
            double weight;
            try {
                weight = parts.length == 2 ? Double.parseDouble(parts[1].trim()) : 1;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--mix: weight '" + parts[1] + "' of " + name + " is not a number");
            }
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("--mix: weight of " + name + " must be 0 or more");
            }
            if (weight > 0) {
                chosen.add(new FileChoice(name, md5s.get(name), weight));
            }
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("--mix '" + mix + "' gives no file a positive weight");
        }
        if (Double.isInfinite(chosen.stream().mapToDouble(FileChoice::weight).sum())) { // a draw would be the last file
            throw new IllegalArgumentException("--mix '" + mix + "': the weights add up to more than a double holds");
        }
        return chosen;
    }

    public List<FileChoice> files() {
        return files;
    }

    /** Index of a file drawn by weight. */
    public int pick(SplittableRandom random) {
        if (files.size() == 1) {
            return 0;
        }
        double x = random.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length; i++) {
            if (x < cumulative[i]) {
                return i;
            }
        }
        return cumulative.length - 1;
    }

    /** "1KB.bin=1, 1MB.bin=2" for the report. */
    public String describe() {
        return files.stream().map(f -> f.name() + "=" + trim(f.weight())).collect(Collectors.joining(", "));
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
