package streambench.spark;

import io.delta.tables.DeltaTable;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import streambench.common.ConfigException;

/**
 * Refuses a fresh streaming query against a table that already holds data. A checkpoint without offsets
 * starts from STARTING_OFFSETS (earliest: the whole topic), and the Delta sink's idempotence cannot catch
 * the repeat: it keys its commits by the query id, which a new checkpoint renews. So a wrong or lost
 * CHECKPOINT_LOCATION would silently append every event a second time.
 */
final class FreshQueryGuard {
    private FreshQueryGuard() {}

    static void check(SparkSession spark, SparkSettings s, PrintStream out) throws IOException {
        Configuration hadoop = spark.sparkContext().hadoopConfiguration();
        if (hasOffsets(hadoop, s.checkpointLocation())) {
            return; // a restart: the checkpoint says where to go on
        }
        if (s.appendToExistingTable()) {
            out.println("spark: fresh checkpoint; SPARK_APPEND_TO_EXISTING_TABLE=true, so rows already in "
                    + s.tableUri() + " are not looked at");
            return;
        }
        long files = dataFiles(spark, s.tableUri());
        if (files == 0) {
            return;
        }
        String from = s.kafkaSourceOptions().get("startingOffsets");
        String consequence = from.equals("earliest")
                ? "starting from STARTING_OFFSETS=earliest would append the whole topic again"
                : "starting from STARTING_OFFSETS=" + from + " would append beside rows another query wrote";
        throw new ConfigException("CHECKPOINT_LOCATION " + s.checkpointLocation()
                + " holds no offsets (a fresh query) but the Delta table at TABLE_PATH (" + s.tableUri()
                + ") already holds data (" + files + " files): " + consequence
                + "; point CHECKPOINT_LOCATION at this table's checkpoint, use a new TABLE_PATH, "
                + "or set SPARK_APPEND_TO_EXISTING_TABLE=true if appending is intended");
    }

    /**
     * Whether the checkpoint has planned a batch: Spark writes {@code offsets/<batch id>} before the batch
     * touches the table, so without one no row in the table can be this query's. Other names there
     * (checksums, temporary files) are not batches, as Spark's own metadata log reads it.
     */
    static boolean hasOffsets(Configuration hadoop, String checkpointLocation) throws IOException {
        Path offsets = new Path(checkpointLocation, "offsets");
        FileSystem fs = offsets.getFileSystem(hadoop);
        if (!fs.exists(offsets)) {
            return false;
        }
        for (FileStatus f : fs.listStatus(offsets)) {
            if (f.getPath().getName().matches("\\d+")) {
                return true;
            }
        }
        return false;
    }

    /** Data files in the table's current snapshot; 0 when there is no table yet or only its creation commit. */
    static long dataFiles(SparkSession spark, String tableUri) {
        if (!DeltaTable.isDeltaTable(spark, tableUri)) {
            return 0;
        }
        // DESCRIBE DETAIL reads the snapshot the sink would load next anyway (Delta caches it)
        Row detail = DeltaTable.forPath(spark, tableUri).detail().first();
        Object n = detail.get(detail.fieldIndex("numFiles"));
        return n == null ? 0 : ((Number) n).longValue();
    }
}
