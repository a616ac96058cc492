/**
 * The command-line options every command shares, as picocli mixins, so that each has one name and one type
 * everywhere: durations are {@link java.time.Duration}s read with {@link dev.gsf.common.Durations}
 * ({@link dev.gsf.common.options.DurationConverter}; a bare number is seconds).
 *
 * <ul>
 *   <li>{@link dev.gsf.common.options.DurationOption} ({@code --duration}),
 *       {@link dev.gsf.common.options.WarmUpOption} ({@code --warm-up}, also {@code --warmup}) and
 *       {@link dev.gsf.common.options.Phases} ({@code --ramp-up}, {@code --steady}, {@code --ramp-down}).</li>
 *   <li>{@link dev.gsf.common.options.OutOption} ({@code --out}), {@link dev.gsf.common.options.RootOption}
 *       ({@code --root}), {@link dev.gsf.common.options.ManifestOption} ({@code --manifest}) and
 *       {@link dev.gsf.common.options.FileSetOptions} (both).</li>
 *   <li>{@link dev.gsf.common.options.ServerKeysOption} ({@code --server-option KEY=VALUE}): server keys for every
 *       gsf server a benchmark starts.</li>
 *   <li>{@link dev.gsf.common.options.ClientTlsOptions} ({@code --ca FILE}, {@code --insecure}): what the TLS client
 *       of gsf load and gsf conformance trusts of an https:// server, and the check of the pair.</li>
 *   <li>{@link dev.gsf.common.options.MixinDefaults}: each command chooses the defaults of the mixins it uses; the
 *       help shows them in the options' own grammar.</li>
 * </ul>
 *
 * <p>picocli is an optional dependency of this module: only the modules with commands, which declare it, use this
 * package. Threads: picocli fills the options on the command's thread, which alone reads them.
 */
package dev.gsf.common.options;
