/**
 * The report kit: everything a gsf report writes, in one place. A {@link dev.gsf.report.Page} is one offline HTML
 * file (inline CSS and SVG, no script, no network); {@link dev.gsf.report.LineChart} and
 * {@link dev.gsf.report.BarChart} draw on round-number axes ({@link dev.gsf.report.Ticks}) and show each value on
 * hover; {@link dev.gsf.report.Stats} summarises repeated measurements; {@link dev.gsf.report.Numbers} formats
 * them; {@link dev.gsf.report.Json} reads and writes every JSON file through Jackson. {@link dev.gsf.report.Html#escape}
 * is the only escaping, so no other package writes HTML or SVG.
 */
package dev.gsf.report;
