package dev.gsf.loadgen.load.workload;

import dev.gsf.common.FileSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The requests of a run with {@code --ranges}: per file of the workload, the {@link RangeSet}s clients ask for in
 * turn (one for fixed ranges, {@link RangeSpec#VARIANTS} for random ones, drawn from the seed), their parts' bytes
 * read from local copies of the files. Made once before the run on the command's thread; immutable after.
 */
public final class RangeSets {
    private final RangeSet[][] perFile;

    private RangeSets(RangeSet[][] perFile) {
        this.perFile = perFile;
    }

    /**
     * Reads the expected bytes of every range from {@code localFiles}, where each file of the workload must be the
     * one the manifest describes (its MD5 is checked first: a stale copy would make every part look wrong).
     *
     * @throws IllegalArgumentException naming the file and what is wrong (missing, another MD5, too short)
     */
    public static RangeSets of(RangeSpec spec, Path localFiles, Workload workload, long seed) {
        RangeSet[][] perFile = new RangeSet[workload.files().size()][];
        for (int i = 0; i < perFile.length; i++) {
            FileChoice file = workload.files().get(i);
            Path local = localFiles.resolve(file.name());
            try {
                if (!Files.isRegularFile(local)) {
                    throw new IllegalArgumentException(local + " does not exist: --ranges reads the expected bytes"
                            + " of each range from a local copy of the files (--local-files DIR, default the"
                            + " manifest's directory; './gsf files' makes the benchmark set)");
                }
                if (!FileSet.md5(local).equals(file.md5())) {
                    throw new IllegalArgumentException(local + " is not the file the manifest describes (its MD5"
                            + " differs): the expected bytes of its ranges would be wrong");
                }
                perFile[i] = variants(spec, local, Files.size(local), new SplittableRandom(seed + i));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + local + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--ranges " + spec.text() + " of " + file.name() + ": "
                        + e.getMessage(), e);
            }
        }
        return new RangeSets(perFile);
    }

    private static RangeSet[] variants(RangeSpec spec, Path local, long length, SplittableRandom random)
            throws IOException {
        RangeSet[] variants = new RangeSet[spec.random() ? RangeSpec.VARIANTS : 1];
        for (int v = 0; v < variants.length; v++) {
            variants[v] = RangeSet.read(local, length, spec.resolve(length, random));
        }
        return variants;
    }

    /** The requests of file {@code file} (its index in the workload). */
    public RangeSet[] of(int file) {
        return perFile[file].clone();
    }

    public int files() {
        return perFile.length;
    }
}
