package streambench.deltawriter;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import streambench.common.Knobs;

/**
 * Knobs of this writer, the same for every consumer that writes through it (Flink's sink, the yardstick):
 * Parquet encoding, the table's properties, the checksum file and the warm-up. One name, one default, one
 * validation; the defaults stand under each such engine's anchor in docker-compose.yml, and a test reads
 * this file with each consumer's sources.
 */
public final class DeltaWriterKnobs {
    private DeltaWriterKnobs() {}

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

    public static ParquetSettings parquet(Knobs knobs) {
        CompressionCodecName compression =
                knobs.env("PARQUET_COMPRESSION", "snappy").asEnum(ParquetCodec.class).codec;
        return new ParquetSettings(
                compression,
                knobs.env("PARQUET_ROW_GROUP_BYTES", "134217728").asPositiveLong(),
                knobs.env("PARQUET_PAGE_BYTES", "1048576").asPositiveInt(),
                knobs.env("PARQUET_DICTIONARY", "true").asBoolean());
    }

    /** For a table the writer creates; appendOnly is not a knob: the benchmark's table is only ever appended to. */
    public static Map<String, String> tableProperties(Knobs knobs) {
        Map<String, String> tableProps = new LinkedHashMap<>();
        tableProps.put(
                "delta.checkpointInterval",
                knobs.env("DELTA_CHECKPOINT_INTERVAL", "100").asPositiveInt() + "");
        tableProps.put("delta.appendOnly", "true");
        return tableProps;
    }

    /** The {@code .crc} file after each commit: one more storage write, which readers use to skip a replay. */
    public static boolean writeChecksum(Knobs knobs) {
        return knobs.env("DELTA_WRITE_CHECKSUM_FILE", "true").asBoolean();
    }

    /** Commits to {@code <table>_warmup} before the first real one, so class loading and the JIT are done. */
    public static int warmupCommits(Knobs knobs) {
        return knobs.env("WARMUP_COMMITS", "3").asNonNegativeInt();
    }

    public static int warmupRows(Knobs knobs) {
        return knobs.env("WARMUP_ROWS", "1000").asPositiveInt();
    }
}
