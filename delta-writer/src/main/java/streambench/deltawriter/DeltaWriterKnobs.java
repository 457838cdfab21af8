package streambench.deltawriter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import streambench.common.DeltaTableKnobs;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;
import streambench.common.Knobs;

/**
 * Knobs of this writer, the same for every consumer that writes through it (Flink's sink, the yardstick):
 * Parquet encoding, the table's properties, the checksum file and the warm-up. The knobs Spark's writer reads
 * too are declared in {@link DeltaTableKnobs}; this class adds the Parquet encoder's own. The defaults stand
 * under each such engine's anchor in docker-compose.yml (KnobAnchorsTest).
 */
public final class DeltaWriterKnobs {
    private DeltaWriterKnobs() {}

    static final KnobDef<Long> PARQUET_ROW_GROUP_BYTES = KnobDef.positiveLong(
            "PARQUET_ROW_GROUP_BYTES", "134217728", "Parquet row group size in bytes (a commit's file is one group)");
    static final KnobDef<Integer> PARQUET_PAGE_BYTES =
            KnobDef.positiveInt("PARQUET_PAGE_BYTES", "1048576", "Parquet page size in bytes");
    static final KnobDef<Boolean> PARQUET_DICTIONARY = KnobDef.bool(
            "PARQUET_DICTIONARY",
            "true",
            "dictionary encoding; ts and seq are unique per row, so it only pays for producer_id");

    /**
     * The Parquet codecs the consumer jars can write. Parquet also names LZO and BROTLI, whose codec classes
     * are not in the jars: accepted by name, they failed the first data file and the consumer exited 1. LZ4
     * is Parquet's deprecated Hadoop-framed variant; LZ4_RAW is the one to choose.
     */
    enum ParquetCodec {
        UNCOMPRESSED,
        SNAPPY,
        GZIP,
        ZSTD,
        LZ4_RAW,
        LZ4;

        final CompressionCodecName codec = CompressionCodecName.valueOf(name());
    }

    /** The table knobs and this writer's Parquet knobs, for {@code --knobs}. */
    public static List<KnobSheet.Group> knobs() {
        return List.of(
                DeltaTableKnobs.knobs(),
                new KnobSheet.Group(
                        "Parquet (our writer)",
                        List.of(PARQUET_ROW_GROUP_BYTES, PARQUET_PAGE_BYTES, PARQUET_DICTIONARY)));
    }

    public static ParquetSettings parquet(Knobs knobs) {
        CompressionCodecName compression =
                DeltaTableKnobs.PARQUET_COMPRESSION.knob(knobs).asEnum(ParquetCodec.class).codec;
        return new ParquetSettings(
                compression,
                PARQUET_ROW_GROUP_BYTES.from(knobs),
                PARQUET_PAGE_BYTES.from(knobs),
                PARQUET_DICTIONARY.from(knobs));
    }

    /** For a table the writer creates; appendOnly is not a knob: the benchmark's table is only ever appended to. */
    public static Map<String, String> tableProperties(Knobs knobs) {
        Map<String, String> tableProps = new LinkedHashMap<>();
        tableProps.put("delta.checkpointInterval", DeltaTableKnobs.DELTA_CHECKPOINT_INTERVAL.from(knobs) + "");
        tableProps.put("delta.appendOnly", "true");
        return tableProps;
    }

    /** The {@code .crc} file after each commit: one more storage write, which readers use to skip a replay. */
    public static boolean writeChecksum(Knobs knobs) {
        return DeltaTableKnobs.DELTA_WRITE_CHECKSUM_FILE.from(knobs);
    }

    /** Commits to {@code <table>_warmup} before the first real one, so class loading and the JIT are done. */
    public static int warmupCommits(Knobs knobs) {
        return DeltaTableKnobs.WARMUP_COMMITS.from(knobs);
    }

    public static int warmupRows(Knobs knobs) {
        return DeltaTableKnobs.WARMUP_ROWS.from(knobs);
    }
}
