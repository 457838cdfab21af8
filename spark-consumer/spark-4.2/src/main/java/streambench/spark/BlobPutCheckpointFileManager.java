package streambench.spark;

import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.streaming.checkpointing.CheckpointFileManager;
import org.apache.spark.sql.execution.streaming.checkpointing.FileSystemBasedCheckpointFileManager;

/**
 * Spark's offset and commit logs (and Delta's checksum files, which go through the same manager) written as one
 * exclusive {@code Put Blob} each ({@link AtomicBlobPut}) instead of a temporary file and a rename. Everything
 * else, and paths the address cannot sign for, stays with Spark's file-system manager. Spark 4.2's package for
 * the manager differs from the other version's, hence one small copy of this class per version module.
 * Chosen with {@code SPARK_CHECKPOINT_FILE_MANAGER=blob-put}.
 */
public final class BlobPutCheckpointFileManager extends FileSystemBasedCheckpointFileManager {
    private final Configuration hadoop;

    public BlobPutCheckpointFileManager(Path path, Configuration hadoop) {
        super(path, hadoop);
        this.hadoop = hadoop;
    }

    @Override
    public CheckpointFileManager.CancellableFSDataOutputStream createAtomic(Path path, boolean overwriteIfPossible) {
        Optional<BlobAddress> blob = BlobAddress.of(fs().makeQualified(path), hadoop);
        if (blob.isEmpty()) {
            return super.createAtomic(path, overwriteIfPossible);
        }
        BlobPutStream bytes = new BlobPutStream(blob.get(), !overwriteIfPossible);
        return new CheckpointFileManager.CancellableFSDataOutputStream(bytes) {
            @Override
            public void cancel() {
                bytes.cancel();
            }
        };
    }
}
