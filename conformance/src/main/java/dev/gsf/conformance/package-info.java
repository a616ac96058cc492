/**
 * The HTTP/1.1 conformance corpus and its runner: {@link dev.gsf.conformance.Corpus} (raw requests from
 * {@code corpus.txt}, each with the status RFC 9110/9112 expect and whether the connection stays open),
 * {@link dev.gsf.conformance.Conformance}, which sends each case on a fresh connection ({@code Exchange}) and
 * compares, and {@code gsf conformance --url}, which prints where any server differs.
 * {@link dev.gsf.conformance.Connector} opens each connection, plain TCP or TLS (the JDK's SSLSocket), trusting what
 * {@link dev.gsf.conformance.Trust} says. The server tests run the same corpus against every algorithm;
 * {@link dev.gsf.conformance.HttpLine} is the one raw line reader they share.
 *
 * <p>Threads: everything blocks on its socket and runs on the caller's thread.
 */
package dev.gsf.conformance;
