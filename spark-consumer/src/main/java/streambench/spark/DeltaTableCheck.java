package streambench.spark;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import streambench.common.ConsumerContract;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.MainRunner;

/**
 * Reads a benchmark table with Spark's own Delta reader and prints one JSON line: rows, distinct
 * {@code (producer_id, seq)}, min/max {@code ts}. Proves a table another engine wrote (Flink's Kernel sink,
 * Feldera's delta-rs) is readable by Spark. Same lake variables as the consumer, plus TABLE_PATH.
 * Run with {@code java -cp spark-consumer-4.2.jar streambench.spark.DeltaTableCheck}.
 */
public final class DeltaTableCheck {
    private DeltaTableCheck() {}

    public static void main(String[] args) {
        MainRunner.runAndExit("delta-table-check", () -> {
            Knobs knobs = Knobs.fromEnvironment();
            LakeSettings lake = LakeSettings.fromKnobs(knobs);
            String table =
                    lake.tableUri(knobs.required(ConsumerContract.TABLE_PATH, "the table's path under the lake root")
                            .asString());
            SparkConf conf = new SparkConf()
                    .setAppName("streambench-delta-table-check")
                    .setMaster("local[1]")
                    .set("spark.ui.enabled", "false")
                    .set("spark.sql.session.timeZone", "UTC")
                    .set("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
                    .set("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
            lake.sparkConf().forEach(conf::set);
            try (SparkSession spark = SparkSession.builder().config(conf).getOrCreate()) {
                Row r = spark.read()
                        .format("delta")
                        .load(table)
                        .agg(count(lit(1)), countDistinct("producer_id", "seq"), min("ts"), max("ts"))
                        .first();
                System.out.println("{\"rows\":" + r.getLong(0) + ",\"distinct_keys\":" + r.getLong(1) + ",\"min_ts\":\""
                        + r.get(2) + "\",\"max_ts\":\"" + r.get(3) + "\"}");
            }
            return ConsumerContract.EXIT_OK;
        });
    }
}
