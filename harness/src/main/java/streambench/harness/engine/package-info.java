/**
 * The systems under test and one engine's turn in a run: the {@link streambench.harness.engine.Engine}
 * interface and {@link streambench.harness.engine.Engines}, the registry where each engine is described once
 * (built once, compared by id), how a consumer process is watched and restarted, the knob defaults
 * read from docker-compose.yml, the run's settings and directory, the live progress line, and the verdict
 * functions that turn an analysed table into an {@link streambench.harness.engine.EngineResult}. A new engine
 * is a line in the registry (and a class here when its consumer is not one jar) plus its own module; a turn's
 * phases each have a class ({@code EngineRun} hands them on), and a new check is a function beside the others
 * in {@code RunJudge}. May use {@code fault}, {@code analysis} and the services module (processes, the
 * broker and the lake, the Delta reader); never {@code report} or {@code cli}.
 */
package streambench.harness.engine;
