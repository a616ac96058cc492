/**
 * What the micro-tests share for output and options: the text table, the JSON tree, the offline HTML page, and
 * the {@code --quick} / {@code --out} mixin.
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.report.Report}: text, JSON and HTML of one command, written side by side.</li>
 *   <li>{@link dev.gsf.micro.report.MicroOptions}: the options every micro-test command shares; {@code --quick}
 *       sets only the options the command line did not give.</li>
 * </ul>
 *
 * <p>Threads: used by the command's thread after its runs.
 */
package dev.gsf.micro.report;
