package streambench.flink.delta;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import streambench.deltawriter.DeltaTableCommitter;
import streambench.deltawriter.ParquetSettings;
import streambench.deltawriter.RowFormat;

/**
 * An exactly-once Delta Lake sink for Flink 1.16, built on Delta Kernel: parallel writers put Parquet
 * files into the table directory, and one committer adds each completed checkpoint's files to the log
 * in a single idempotent transaction.
 *
 * <p>Why two plain operators and not {@code TwoPhaseCommittingSink}: in Flink 1.16 the only way to
 * funnel committables into one global commit is the post-commit topology, whose global committer
 * receives checkpoint N's committables after N is complete and commits them only when N+1 completes —
 * one whole checkpoint interval of added latency. Here the committer receives them before its barrier N
 * and commits on N's completion.
 *
 * <pre>{@code
 * DeltaSink<Event> sink = DeltaSink.builder(tableUri, hadoopConf, format).build(); // creates the table
 * sink.addTo(events, "delta");
 * }</pre>
 */
public final class DeltaSink<T> {
    private final Builder<T> b;
    private final String qualifiedTablePath;

    private DeltaSink(Builder<T> b, String qualifiedTablePath) {
        this.b = b;
        this.qualifiedTablePath = qualifiedTablePath;
    }

    public static <T> Builder<T> builder(String tableUri, Map<String, String> hadoopConf, RowFormat<T> format) {
        return new Builder<>(tableUri, hadoopConf, format);
    }

    /** The table path as Delta resolved it (e.g. {@code file:/tmp/t} for {@code file:///tmp/t}). */
    public String tablePath() {
        return qualifiedTablePath;
    }

    /**
     * Appends the writer (the input's parallelism, chained to it) and the committer (parallelism 1).
     * {@code uidPrefix} names both operators' state; keep it stable across restarts.
     */
    public SingleOutputStreamOperator<Void> addTo(DataStream<T> input, String uidPrefix) {
        SingleOutputStreamOperator<byte[]> written = input.transform(
                        "delta-writer",
                        PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                        new DeltaWriterOperator<>(
                                qualifiedTablePath, b.hadoopConf, b.format, b.parquet, b.maxRecordsPerFile))
                .setParallelism(input.getParallelism())
                .uid(uidPrefix + "-writer");
        return written.global()
                .transform(
                        "delta-committer",
                        Types.VOID,
                        new DeltaCommitterOperator(
                                qualifiedTablePath,
                                b.hadoopConf,
                                b.format,
                                b.engineInfo,
                                b.writeChecksum,
                                b.appIdPrefix,
                                b.listener))
                .setParallelism(1)
                .setMaxParallelism(1)
                .uid(uidPrefix + "-committer");
    }

    public static final class Builder<T> {
        private final String tableUri;
        private final Map<String, String> hadoopConf;
        private final RowFormat<T> format;
        private final Map<String, String> tableProperties = new LinkedHashMap<>();
        private ParquetSettings parquet = ParquetSettings.defaults();
        private long maxRecordsPerFile;
        private boolean writeChecksum = true;
        private String appIdPrefix = "flink-delta-sink";
        private String engineInfo = "streambench-flink-delta-sink Flink/1.16";
        private CommitListener listener = CommitListener.NONE;

        private Builder(String tableUri, Map<String, String> hadoopConf, RowFormat<T> format) {
            this.tableUri = tableUri;
            this.hadoopConf = Map.copyOf(hadoopConf);
            this.format = format;
        }

        /** Properties for a table this sink creates (e.g. {@code delta.checkpointInterval}); ignored if it exists. */
        public Builder<T> tableProperty(String key, String value) {
            tableProperties.put(key, value);
            return this;
        }

        public Builder<T> parquet(ParquetSettings settings) {
            this.parquet = settings;
            return this;
        }

        /** Roll a file after this many rows even between checkpoints; 0 = one file per checkpoint. */
        public Builder<T> maxRecordsPerFile(long records) {
            if (records < 0) {
                throw new IllegalArgumentException("maxRecordsPerFile must be >= 0");
            }
            this.maxRecordsPerFile = records;
            return this;
        }

        /** Write Delta's .crc checksum file after each commit (one more store write per commit). */
        public Builder<T> writeChecksum(boolean write) {
            this.writeChecksum = write;
            return this;
        }

        /** Prefix of the transaction app id recorded in the log; a random suffix is added per fresh job. */
        public Builder<T> appIdPrefix(String prefix) {
            this.appIdPrefix = prefix;
            return this;
        }

        /** {@code commitInfo.engineInfo} of every commit. */
        public Builder<T> engineInfo(String info) {
            this.engineInfo = info;
            return this;
        }

        public Builder<T> listener(CommitListener commitListener) {
            this.listener = commitListener;
            return this;
        }

        /** Creates the table now (schema from the format) unless it exists, so a job starts against a real table. */
        public DeltaSink<T> build() {
            String qualified = new DeltaTableCommitter(tableUri, hadoopConf, format, engineInfo, writeChecksum)
                    .ensureTable(tableProperties);
            return new DeltaSink<>(this, qualified);
        }
    }
}
