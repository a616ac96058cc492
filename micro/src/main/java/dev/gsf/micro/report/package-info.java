/**
 * What the micro-tests share for output and options: the text table, the command shell, and the {@code --quick} /
 * {@code --out} mixin. Pages, charts, statistics and JSON come from the report kit ({@code dev.gsf.report}).
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.report.MicroCommand}: --quick (its preset stated at the end of each command's
 *       description), measure, print and write, exit code.</li>
 *   <li>{@link dev.gsf.micro.report.Report}: text, JSON document ({@link dev.gsf.micro.report.MicroResults}) and
 *       page of one command, written side by side.</li>
 *   <li>{@link dev.gsf.micro.report.MicroOptions}: the options every micro-test command shares; {@code --quick}
 *       sets only the options the command line did not give.</li>
 * </ul>
 *
 * <p>Threads: used by the command's thread after its runs.
 */
package dev.gsf.micro.report;
