package dev.gsf.loadgen.load.workload;

/**
 * One file of the mix.
 *
 * @param name   name relative to the target URL
 * @param md5    expected MD5, lowercase hex
 * @param weight relative share of downloads (Faban's flat mix)
 */
public record FileChoice(String name, String md5, double weight) {
}
