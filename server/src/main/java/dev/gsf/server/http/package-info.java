/**
 * HTTP: the strict reading of request heads and the file handler that answers them. Nothing here writes a body byte:
 * a download's body goes to the send algorithm on a write sink of {@code dev.gsf.server.send}.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.http.StrictHttpFilter}: reads raw bytes ahead of Grizzly's lenient parser, one head at
 *       a time, each checked by {@link dev.gsf.server.http.RequestHead} ({@code PlainHead} reads common heads in
 *       one pass, {@code FullHead} every form RFC 9112 allows); skips request bodies by their framing
 *       ({@code ChunkedBody}); refuses what is not HTTP/1.1 as RFC 9112 reads it; offers plain GETs to the handler
 *       first.</li>
 *   <li>{@link dev.gsf.server.http.FileHandler}: methods, paths, validators, conditional requests and ranges
 *       ({@code RangeHeader}) decide the status and headers; it then hands the body to the generation's algorithm,
 *       on a sink whose body writer the {@code BodyWriter.Choice} it was wired with picks (TLS on the HTTPS port).
 *       </li>
 *   <li>{@link dev.gsf.server.http.PlainHttpRefusal}: plain HTTP sent to the HTTPS port answered 400, as nginx
 *       does; the HTTPS port puts it below its SSL filter.</li>
 *   <li>{@code RawResponse}: the one builder of the responses written as bytes (a plain GET's 200 and 500, the
 *       filter's refusals).</li>
 * </ul>
 *
 * <p>Threads: all of it runs on the Grizzly thread that read the request (the selector thread: the handler never
 * waits for a client), except a download's end, which is told on whichever thread sent its last byte.
 */
package dev.gsf.server.http;
