/**
 * The decisions of {@code capacity} and {@code tune}, with nothing else in them: which rate or which knob
 * set to try next, when to stop, and what the trials so far add up to. A trial itself is the caller's: it
 * arrives through {@link streambench.harness.search.TrialRunner} and leaves as a
 * {@link streambench.harness.search.TrialOutcome}, so the searches can be tested against a model of an
 * engine in milliseconds and the commands can share the one path that runs a trial for real. Also here:
 * the search space a compose file declares, and the closest-name hint for misspelt knobs.
 *
 * <p>This package may use the JDK, Jackson (YAML) and {@code streambench.common.ConfigException}, and
 * nothing else of the harness: the harness's other packages depend on it, never the other way round.
 */
package streambench.harness.search;
