package streambench.flink.delta;

import java.io.Serializable;

/**
 * Told about every commit attempt, in the committer's task (the TaskManager on a cluster, the
 * consumer's own JVM with a local MiniCluster). Must be cheap: it runs on the commit path.
 */
@FunctionalInterface
public interface CommitListener extends Serializable {
    void onCommit(CommitReport report);

    /** Called once in the committer's task before the first report. */
    default void open() {}

    CommitListener NONE = report -> {};
}
