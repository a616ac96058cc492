/**
 * The files served: what a request path resolves to, and the files held open for downloads.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.files.PathResolver}: a raw request path to a regular file or a directory under the
 *       root, or the status and message of a refusal (traversal, symlinks leaving the root, not a file); a
 *       directory's {@link dev.gsf.server.files.DirectoryEntry}s as a request could reach them (no hidden name, no
 *       link leaving the root), read afresh for each listing.</li>
 *   <li>{@link dev.gsf.server.files.OpenFiles}: the open-file cache (a path's answer, kept for
 *       {@code open-file-cache}; small files held in memory) and {@code SharedFile}, one descriptor leased by every
 *       download of a file version; {@code SendableFile} opens a file with its descriptor at hand, so that its
 *       downloads' sendfile(2) calls are made on it directly, each download's through a session of its own (to its
 *       connection's socket by number, {@code send.ConnectionSocket}) that its lease closes on release.</li>
 *   <li>{@link dev.gsf.server.files.GzipSidecars}: the .gz sidecars {@code gsf files --precompressed} writes.</li>
 *   <li>{@link dev.gsf.server.files.Validators} (strong ETag, Last-Modified, the conditional-request rules of RFC
 *       9110 section 13) and {@code ContentTypes}, found once per lookup.</li>
 * </ul>
 *
 * <p>Threads: looked up on Grizzly's request threads; leases are released on whichever thread ends a download.
 * Nothing here waits for a client; opening a file is the only blocking call.
 */
package dev.gsf.server.files;
