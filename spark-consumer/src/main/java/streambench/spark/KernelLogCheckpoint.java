package streambench.spark;

import io.delta.kernel.Table;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.CheckpointAlreadyExistsException;
import java.io.IOException;
import org.apache.spark.sql.delta.DeltaLog;

/**
 * A Delta log checkpoint written by Delta Kernel on the calling thread ({@code DELTA_CHECKPOINT_WRITER=kernel}):
 * it reads the previous checkpoint and the commit files after it, and writes the same classic single-file
 * checkpoint and {@code _last_checkpoint} that Delta's Spark code writes, without a Spark job. Delta's own
 * checkpoint rebuilds the table state in Spark jobs whose tasks share the stream's cores, and most of their
 * CPU here went to generating code per task, not to the log (docs/verified-facts.md). Delta Spark reads the
 * result as any other checkpoint: the format is the protocol's, not the writer's.
 */
final class KernelLogCheckpoint {
    private KernelLogCheckpoint() {}

    /** Checkpoints {@code version} of {@code log}'s table; one that exists already (a restart) is left as it is. */
    static void write(DeltaLog log, long version) throws IOException {
        // the table's Hadoop configuration, the account key and the file system instances Spark's commits use
        Engine engine = DefaultEngine.create(log.newDeltaHadoopConf());
        try {
            Table.forPath(engine, log.dataPath().toString()).checkpoint(engine, version);
        } catch (CheckpointAlreadyExistsException e) {
            // the previous run of this query wrote it before a kill: the same version's checkpoint holds the same state
        }
    }
}
