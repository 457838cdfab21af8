package streambench.flink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;
import streambench.deltawriter.DeltaWriterKnobs;

/** The Flink consumer's own knobs, declared once; {@link #sheet()} is what {@code --knobs} prints. */
final class FlinkKnobs {
    private FlinkKnobs() {}

    static final KnobDef<Integer> FLINK_PARALLELISM = KnobDef.positiveInt(
            "FLINK_PARALLELISM", "2", "Kafka source and Parquet writers; the Delta committer is always 1");
    static final KnobDef<Long> FLINK_BUFFER_TIMEOUT_MS = KnobDef.anyLong(
            "FLINK_BUFFER_TIMEOUT_MS",
            "100",
            "network buffer flush in ms, >= 0 (-1: only when a buffer is full); the writer is chained to the source,"
                    + " so little crosses it");
    static final KnobDef<Boolean> FLINK_OBJECT_REUSE =
            KnobDef.bool("FLINK_OBJECT_REUSE", "true", "Flink's object reuse between chained operators");
    static final KnobDef<Integer> FLINK_RESTART_ATTEMPTS = KnobDef.nonNegativeInt(
            "FLINK_RESTART_ATTEMPTS",
            "3",
            "restarts of the job, then it fails and the consumer exits 1 with the cause");
    static final KnobDef<Duration> FLINK_RESTART_DELAY =
            KnobDef.duration("FLINK_RESTART_DELAY", "10s", "the wait before each restart");
    static final KnobDef<Long> CHECKPOINT_INTERVAL_MS = KnobDef.positiveLong(
            "CHECKPOINT_INTERVAL_MS", "1000", "ms between checkpoints: each completed one is one Delta commit");
    static final KnobDef<Long> CHECKPOINT_MIN_PAUSE_MS = KnobDef.anyLong(
            "CHECKPOINT_MIN_PAUSE_MS", "0", "least ms between the end of a checkpoint and the next one's start, >= 0");
    static final KnobDef<Long> CHECKPOINT_TIMEOUT_MS =
            KnobDef.positiveLong("CHECKPOINT_TIMEOUT_MS", "60000", "a checkpoint not done in this many ms fails");
    static final KnobDef<String> CHECKPOINT_DIR = KnobDef.string(
            "CHECKPOINT_DIR", "", "where Flink's checkpoints go; empty: <table>_checkpoints, beside the table");
    static final KnobDef<Boolean> RESUME_FROM_CHECKPOINT = KnobDef.bool(
            "RESUME_FROM_CHECKPOINT", "true", "start from the newest completed checkpoint in CHECKPOINT_DIR, if any");
    static final KnobDef<String> KAFKA_GROUP_ID =
            KnobDef.string("KAFKA_GROUP_ID", "streambench-flink", "the Kafka consumer group");
    static final KnobDef<Long> KAFKA_PARTITION_DISCOVERY_INTERVAL_MS = KnobDef.anyLong(
            "KAFKA_PARTITION_DISCOVERY_INTERVAL_MS", "0", "ms between looks for new partitions; 0: fixed at start");
    static final KnobDef<Boolean> KAFKA_COMMIT_OFFSETS_ON_CHECKPOINT = KnobDef.bool(
            "KAFKA_COMMIT_OFFSETS_ON_CHECKPOINT",
            "true",
            "commit offsets to Kafka on each checkpoint, for lag monitors only; Flink's checkpoint holds them");
    static final KnobDef<Long> MAX_RECORDS_PER_FILE = KnobDef.anyLong(
            "MAX_RECORDS_PER_FILE", "0", "rows per Parquet file, >= 0; 0: one file per writer per checkpoint");

    static KnobSheet sheet() {
        List<KnobSheet.Group> groups = new ArrayList<>();
        groups.add(ConsumerContract.knobs());
        groups.add(new KnobSheet.Group(
                "Flink",
                List.of(
                        FLINK_PARALLELISM,
                        FLINK_BUFFER_TIMEOUT_MS,
                        FLINK_OBJECT_REUSE,
                        FLINK_RESTART_ATTEMPTS,
                        FLINK_RESTART_DELAY)));
        groups.add(new KnobSheet.Group(
                "checkpoints (each one Delta commit)",
                List.of(
                        CHECKPOINT_INTERVAL_MS,
                        CHECKPOINT_MIN_PAUSE_MS,
                        CHECKPOINT_TIMEOUT_MS,
                        CHECKPOINT_DIR,
                        RESUME_FROM_CHECKPOINT)));
        groups.add(ConsumerKnobs.kafka());
        groups.add(new KnobSheet.Group(
                "Flink's Kafka source",
                List.of(KAFKA_GROUP_ID, KAFKA_PARTITION_DISCOVERY_INTERVAL_MS, KAFKA_COMMIT_OFFSETS_ON_CHECKPOINT)));
        groups.addAll(DeltaWriterKnobs.knobs());
        groups.add(new KnobSheet.Group("Flink's Delta sink", List.of(MAX_RECORDS_PER_FILE)));
        groups.add(ConsumerKnobs.abfs());
        return new KnobSheet("flink-consumer", ConsumerContract.CONNECTION, groups);
    }
}
