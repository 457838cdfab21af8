package streambench.services.delta;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes a Delta table of benchmark events whose latency is known in advance: events due every
 * {@code 1/rate} s from {@code startMicros} (producer 0, seq from 0), one commit per
 * {@code commitEverySeconds} holding that interval's events, committed exactly {@code delayMicros}
 * after its last event. For calibrating the analysis and for benchmarking it; not an engine.
 */
public final class SyntheticTable {
    /** The Parquet schema of a benchmark event file, as every engine writes it. */
    public static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message events { required int64 ts (TIMESTAMP(MICROS,true)); required int32 producer_id; required int64 seq; }");

    private SyntheticTable() {}

    /** @return events written */
    public static long write(
            FileSystem fs,
            String tableUri,
            long startMicros,
            long rate,
            long durationSeconds,
            double commitEverySeconds,
            long delayMicros)
            throws IOException {
        return write(fs, tableUri, startMicros, rate, durationSeconds, commitEverySeconds, delayMicros, -1);
    }

    /**
     * As {@link #write}, in real time when {@code appearsAfterMicros} is 0 or more: each commit file is written that
     * long after the timestamp it holds, on this machine's clock, as a writer does that reads its clock and then
     * spends that long getting the file into the store. A reader sees each version that much after its timestamp.
     */
    public static long write(
            FileSystem fs,
            String tableUri,
            long startMicros,
            long rate,
            long durationSeconds,
            double commitEverySeconds,
            long delayMicros,
            long appearsAfterMicros)
            throws IOException {
        create(fs, tableUri, startMicros / 1000);
        long total = rate * durationSeconds;
        long perCommit = Math.max(1, Math.round(rate * commitEverySeconds));
        double stepMicros = 1e6 / rate;
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        long seq = 0;
        long version = 1;
        while (seq < total) {
            long n = Math.min(perCommit, total - seq);
            String file = "part-" + version + "-" + UUID.randomUUID() + ".snappy.parquet";
            long lastTs = 0;
            try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(
                            LakeParquetFiles.output(fs, new Path(tableUri, file)))
                    .withType(SCHEMA)
                    .withConf(fs.getConf())
                    .withCompressionCodec(CompressionCodecName.SNAPPY)
                    .build()) {
                for (long i = 0; i < n; i++, seq++) {
                    lastTs = startMicros + Math.round(seq * stepMicros);
                    writer.write(groups.newGroup()
                            .append("ts", lastTs)
                            .append("producer_id", 0)
                            .append("seq", seq));
                }
            }
            long commitMillis = (lastTs + delayMicros) / 1000;
            if (appearsAfterMicros >= 0) {
                sleepUntil(commitMillis + appearsAfterMicros / 1000);
            }
            commit(
                    fs,
                    tableUri,
                    version,
                    commitMillis,
                    "{\"add\":{\"path\":\"" + file + "\",\"partitionValues\":{},\"size\":1,\"modificationTime\":0,"
                            + "\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":" + n + "}\"}}\n");
            version++;
        }
        return total;
    }

    private static void sleepUntil(long epochMillis) throws IOException {
        long left;
        while ((left = epochMillis - System.currentTimeMillis()) > 0) {
            try {
                Thread.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while writing a synthetic table");
            }
        }
    }

    /** Version 0: the protocol and a table of {@code ts, producer_id, seq}, created at {@code createdMillis}. */
    public static void create(FileSystem fs, String tableUri, long createdMillis) throws IOException {
        commit(
                fs,
                tableUri,
                0,
                createdMillis,
                "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n"
                        + "{\"metaData\":{\"id\":\"" + UUID.randomUUID()
                        + "\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
                        + "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":["
                        + "{\\\"name\\\":\\\"ts\\\",\\\"type\\\":\\\"timestamp\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},"
                        + "{\\\"name\\\":\\\"producer_id\\\",\\\"type\\\":\\\"integer\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},"
                        + "{\\\"name\\\":\\\"seq\\\",\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}\","
                        + "\"partitionColumns\":[],\"configuration\":{},\"createdTime\":" + createdMillis + "}}\n");
    }

    /** Writes {@code _delta_log/<version>.json}: a commitInfo at {@code commitMillis}, then {@code actions}. */
    public static void commit(FileSystem fs, String tableUri, long version, long commitMillis, String actions)
            throws IOException {
        Path log = new Path(tableUri, "_delta_log/" + String.format("%020d", version) + ".json");
        String commitInfo = "{\"commitInfo\":{\"timestamp\":" + commitMillis + ",\"operation\":\"WRITE\"}}\n";
        try (FSDataOutputStream out = fs.create(log, false)) {
            out.write((commitInfo + actions).getBytes(StandardCharsets.UTF_8));
        }
    }
}
