/**
 * The {@code ./gsf} entry point: {@link dev.gsf.cli.Gsf} wires the subcommands the other modules define and
 * nothing more. Runs on the main thread.
 */
package dev.gsf.cli;
