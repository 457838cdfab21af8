package streambench.harness.search;

import java.io.IOException;
import java.util.Map;

/** Runs one trial for a search: the caller's one path that also serves {@code run}, with a fresh topic and table. */
@FunctionalInterface
public interface TrialRunner {
    /**
     * @param knobs   the engine's knobs for this trial, complete (not only the changes)
     * @param rate    offered load in msg/s
     * @param seconds how long the load runs: a search's trial duration, or longer for a confirmation
     * @throws InterruptedException the user stopped the search (Ctrl-C): the search returns what it has
     */
    TrialOutcome run(Map<String, String> knobs, long rate, long seconds) throws IOException, InterruptedException;
}
