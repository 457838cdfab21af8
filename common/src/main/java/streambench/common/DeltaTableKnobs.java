package streambench.common;

import java.util.List;

/**
 * Knobs of the Delta table that Spark's writer and our own writer (Flink's sink, the yardstick) both read: the
 * warm-up, the log checkpoint interval, the checksum file and the Parquet codec. Declared here, once, because
 * neither writer's module depends on the other's; each applies them its own way.
 */
public final class DeltaTableKnobs {
    private DeltaTableKnobs() {}

    public static final KnobDef<Integer> WARMUP_COMMITS = KnobDef.nonNegativeInt(
            "WARMUP_COMMITS",
            "3",
            "commits through decode + Parquet + Delta to <table>_warmup before the consumer is ready, so class loading"
                    + " and the JIT are done before the first measured commit; 0: none");
    public static final KnobDef<Integer> WARMUP_ROWS = KnobDef.positiveInt(
            "WARMUP_ROWS", "1000", "rows per warm-up commit, decoded from JSON as the stream's are");
    public static final KnobDef<Integer> DELTA_CHECKPOINT_INTERVAL = KnobDef.positiveInt(
            "DELTA_CHECKPOINT_INTERVAL",
            "100",
            "commits between Delta log checkpoints (delta.checkpointInterval); Delta's 10 put a ~3 s spike in every"
                    + " 10th batch; long-lived tables want it lower for fast reads");
    public static final KnobDef<Boolean> DELTA_WRITE_CHECKSUM_FILE = KnobDef.bool(
            "DELTA_WRITE_CHECKSUM_FILE",
            "true",
            "the .crc file after each commit: one more storage write, which readers use to skip a log replay");
    /** Spark hands the name to its writer; ours reads it as one of the codecs its jars carry. */
    public static final KnobDef<Knob> PARQUET_COMPRESSION = KnobDef.custom(
            "PARQUET_COMPRESSION",
            "snappy",
            "uncompressed | snappy | gzip | zstd | lz4_raw | lz4",
            "the codec of every Parquet data file");

    /** The table knobs both writers read, for {@code --knobs}; each adds its own group. */
    public static KnobSheet.Group knobs() {
        return new KnobSheet.Group(
                "Delta table (every writer)",
                List.of(
                        WARMUP_COMMITS,
                        WARMUP_ROWS,
                        DELTA_CHECKPOINT_INTERVAL,
                        DELTA_WRITE_CHECKSUM_FILE,
                        PARQUET_COMPRESSION));
    }
}
