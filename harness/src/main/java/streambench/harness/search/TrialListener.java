package streambench.harness.search;

import java.io.IOException;

/**
 * Told of every trial the moment it is decided, before the next one starts, so the caller can append
 * it to its CSV and print its progress line: a search stopped by Ctrl-C then leaves every finished trial
 * on disk. An {@link IOException} here ends the search, since a trial that cannot be recorded cannot be
 * trusted to a reviewer.
 */
@FunctionalInterface
public interface TrialListener<T> {
    void trialDone(T trial) throws IOException;

    static <T> TrialListener<T> none() {
        return t -> {};
    }
}
