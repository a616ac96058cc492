/**
 * The arithmetic of a run split into segments: {@link dev.gsf.loadgen.segment.Segment} is one agent's share of a run
 * ({@code gsf load --segment I/N}: every N-th client and arrival, so that N agents together are exactly the whole
 * run), and {@link dev.gsf.loadgen.segment.Stripe} the global numbers one event loop of a segment owns. The agents'
 * coordinator gives each agent its segment ({@code dev.gsf.loadgen.agents.Agent#segment}), the plan holds it, the
 * event loops draw their clients and arrivals from it, and the merge checks that the segments of a run fit together.
 *
 * <p>Threads: immutable values; any thread. Depends on nothing else of the load generator: every other package of
 * it may use this one.
 */
package dev.gsf.loadgen.segment;
