package streambench.spark;

import java.util.List;
import java.util.Optional;

/**
 * How Spark writes its offset and commit logs. {@code filecontext} is Spark's own default: Hadoop's
 * FileContext, which opens a file system of its own, so its requests are invisible to the counters the
 * telemetry reads. {@code filesystem} goes through the cached FileSystem that Delta and the Parquet writers
 * use, so a micro-batch's storage requests are counted whole; both write a temporary file and rename it.
 * {@code blob-put} writes each log file as one exclusive {@code Put Blob} (see BlobPutCheckpointFileManager),
 * counted by the telemetry as {@code blob_put}.
 */
enum CheckpointFileManager {
    FILECONTEXT(List.of()),
    BLOB_PUT(List.of("streambench.spark.BlobPutCheckpointFileManager")),
    // Spark 4.1 moved the class into a package of its own
    FILESYSTEM(List.of(
            "org.apache.spark.sql.execution.streaming.checkpointing.FileSystemBasedCheckpointFileManager",
            "org.apache.spark.sql.execution.streaming.FileSystemBasedCheckpointFileManager"));

    private final List<String> classNames;

    CheckpointFileManager(List<String> classNames) {
        this.classNames = classNames;
    }

    /** The class for {@code spark.sql.streaming.checkpointFileManagerClass}; empty: leave Spark's default. */
    Optional<String> sparkClass() {
        if (classNames.isEmpty()) {
            return Optional.empty();
        }
        ClassLoader loader = CheckpointFileManager.class.getClassLoader();
        for (String name : classNames) {
            try {
                Class.forName(name, false, loader);
                return Optional.of(name);
            } catch (ClassNotFoundException e) {
                // the other Spark version's package; try the next
            }
        }
        throw new IllegalStateException("no FileSystemBasedCheckpointFileManager in this Spark: " + classNames);
    }
}
