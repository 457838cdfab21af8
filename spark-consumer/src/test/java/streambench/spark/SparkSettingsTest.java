package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.Knobs;

class SparkSettingsTest {
    private static SparkSettings with(String name, String value) {
        Map<String, String> env = new HashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/spark-4.2/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        env.put(name, value);
        return SparkSettings.fromKnobs(Knobs.of(env));
    }

    @Test
    void sparksOwnFifoSchedulerByDefaultAndTheFairOneWhenAsked() {
        assertThat(with("UNRELATED", "x").sparkConf()).containsEntry("spark.scheduler.mode", "FIFO");
        assertThat(with("SPARK_SCHEDULER_MODE", "FAIR").sparkConf()).containsEntry("spark.scheduler.mode", "FAIR");
    }

    /** Spark's own default, not the shared 500 ms: its last batch waited that long per partition a task read. */
    @Test
    void theKafkaFetchWaitIs50MsUnlessSet() {
        assertThat(with("UNRELATED", "x").kafkaSourceOptions()).containsEntry("kafka.fetch.max.wait.ms", "50");
        assertThat(with("KAFKA_FETCH_MAX_WAIT_MS", "500").kafkaSourceOptions())
                .containsEntry("kafka.fetch.max.wait.ms", "500");
    }

    @Test
    void anUnknownSchedulerModeIsAConfigurationErrorNamingTheVariable() {
        assertThatThrownBy(() -> with("SPARK_SCHEDULER_MODE", "round-robin"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("SPARK_SCHEDULER_MODE must be one of");
    }

    @Test
    void deltaKernelWritesTheBackgroundCheckpointByDefaultAndDeltasSparkJobsWhenAsked() {
        assertThat(with("UNRELATED", "x").checkpointWriter()).isEqualTo(SparkSettings.CheckpointWriter.KERNEL);
        assertThat(with("DELTA_CHECKPOINT_WRITER", "spark").checkpointWriter())
                .isEqualTo(SparkSettings.CheckpointWriter.SPARK);
    }

    @Test
    void anUnknownCheckpointWriterIsAConfigurationErrorNamingTheVariable() {
        assertThatThrownBy(() -> with("DELTA_CHECKPOINT_WRITER", "delta-rs"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("DELTA_CHECKPOINT_WRITER must be one of");
    }

    @Test
    void deltaKernelIsGivenTheSameAtomicLogStoreAsDeltaSparkForBothAzureSchemes() {
        Map<String, String> conf = with("UNRELATED", "x").sparkConf();
        for (String scheme : new String[] {"abfs", "abfss"}) {
            assertThat(conf)
                    .containsEntry("spark.delta.logStore." + scheme + ".impl", BlobPutLogStore.class.getName())
                    .containsEntry(
                            "spark.hadoop.io.delta.kernel.logStore." + scheme + ".impl",
                            BlobPutLogStore.class.getName());
        }
        assertThat(with("DELTA_LOG_STORE", "azure").sparkConf())
                .doesNotContainKey("spark.hadoop.io.delta.kernel.logStore.abfs.impl");
    }

    @Test
    void whenNothingAnswersAtTheBlobEndpointLogFilesFallBackToTheRenamePathAndSaySo() throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        SparkSettings s = with("AZURITE_BLOB_ENDPOINT", "127.0.0.1:" + closedPort);
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();

        Map<String, String> conf = SparkConsumerMain.whereLogFilesGo(
                s.tableUri(), s.sparkConf(), new java.io.PrintStream(printed, true, "UTF-8"));

        assertThat(conf).containsEntry("spark.hadoop." + BlobAddress.UNREACHABLE, "true");
        assertThat(printed.toString("UTF-8"))
                .contains("did not answer")
                .contains("fall back to writing log files as a temporary file and a rename");
        org.apache.hadoop.conf.Configuration hadoop = new org.apache.hadoop.conf.Configuration(false);
        conf.forEach((k, v) -> {
            if (k.startsWith("spark.hadoop.")) {
                hadoop.set(k.substring("spark.hadoop.".length()), v);
            }
        });
        assertThat(BlobAddress.of(new org.apache.hadoop.fs.Path(s.tableUri()), hadoop))
                .as("every writer then keeps the file system's path")
                .isEmpty();
    }

    @Test
    void aLocalMastersDriverListensOnLoopbackAndAClustersSettingsAreLeftAlone() {
        org.apache.spark.SparkConf local = new org.apache.spark.SparkConf().setMaster("local[2]");
        SparkConsumerMain.listenOnlyWhereAsked(local, with("UNRELATED", "x").listenAddress());
        assertThat(local.get("spark.driver.bindAddress")).isEqualTo("127.0.0.1");
        assertThat(local.get("spark.driver.host")).isEqualTo("127.0.0.1");

        org.apache.spark.SparkConf container = new org.apache.spark.SparkConf().setMaster("local[2]");
        SparkConsumerMain.listenOnlyWhereAsked(
                container, with("LISTEN_ADDRESS", "0.0.0.0").listenAddress());
        assertThat(container.get("spark.driver.bindAddress")).isEqualTo("0.0.0.0");
        assertThat(container.contains("spark.driver.host")).isFalse();

        org.apache.spark.SparkConf cluster = new org.apache.spark.SparkConf().setMaster("spark://master:7077");
        SparkConsumerMain.listenOnlyWhereAsked(cluster, "127.0.0.1");
        assertThat(cluster.contains("spark.driver.bindAddress")).isFalse();
    }
}
