/**
 * What a run leaves behind: the per-second CSV, summary.json and summary.csv, the latency chart and the
 * console summary. Reads {@link streambench.harness.engine.EngineResult}s and writes files; decides
 * nothing. May use {@code engine}, {@code fault}, {@code analysis}, {@code search} and the services module;
 * a new report or
 * file format goes here.
 */
package streambench.harness.report;
