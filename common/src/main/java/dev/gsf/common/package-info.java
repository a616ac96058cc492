/**
 * What every other module shares, with no dependencies of its own but picocli (optional, for the shared options):
 * the units people type, the benchmark file set, what a TLS client trusts and the options every command shares.
 *
 * <ul>
 *   <li>{@link dev.gsf.common.ByteSize}: sizes as people write them (65536, 64K, 1M; powers of 1024), parsed and
 *       formatted.</li>
 *   <li>{@link dev.gsf.common.Durations}: the one duration grammar of every command and config key ({@code ms},
 *       {@code s}, {@code m}, {@code h}; a bare number is seconds), parsed and formatted.</li>
 *   <li>{@link dev.gsf.common.FileSet}: the benchmark files (1 KB to 100 MB), the same bytes on every machine.</li>
 *   <li>{@link dev.gsf.common.Manifest}: a file list in md5sum's format (MD5SUMS), read and written.</li>
 *   <li>{@link dev.gsf.common.Quoted}: a value read from outside, quoted in a one-line message (control characters
 *       and line separators escaped); ConfigException escapes its whole message the same way.</li>
 *   <li>{@link dev.gsf.common.Budget}: a bound on what holders may hold at once, checked without a lock (the
 *       server's HTTP/2 frame slabs and TLS records in direct memory).</li>
 *   <li>{@link dev.gsf.common.PemTrust}: the trust managers of every TLS client here: a PEM file's certificates
 *       (--ca), or anything (--insecure).</li>
 *   <li>{@link dev.gsf.common.ChildJvmOptions}: the extra JVM options of the JVMs gsf starts itself (bench's servers,
 *       local load agents), from a system property the test suite sets.</li>
 *   <li>{@code dev.gsf.common.options}: the command-line options every command shares (--duration, --warm-up, the
 *       phases, --out, --root, --manifest, --server-option), as picocli mixins; picocli is this module's one
 *       dependency, optional.</li>
 * </ul>
 *
 * <p>Threads: everything here is stateless or immutable, or (a {@code Budget}) atomic, and may be called from any
 * thread; {@code FileSet.ensure},
 * the manifest's I/O and {@code PemTrust.of} block the caller on the file system.
 */
package dev.gsf.common;
