package streambench.harness.analysis;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import streambench.services.delta.EventFileReader;
import streambench.services.delta.LakeParquetFiles;
import streambench.services.delta.SyntheticTable;

/**
 * A real Delta table of benchmark events on the local file system, one commit at a time, for tests that
 * need exact rows and commit times: foreign producers, clock skew, lost rows.
 */
public final class EventTableFixture implements AutoCloseable {
    /**
     * One row: its intended send time (epoch µs), producer and sequence number, and its Kafka timestamp (epoch µs;
     * {@link EventFileReader#NO_KAFKA_TS}: the file has no {@code kafka_ts} column).
     */
    public record Row(long tsMicros, int producerId, long seq, long kafkaTsMicros) {
        public Row(long tsMicros, int producerId, long seq) {
            this(tsMicros, producerId, seq, EventFileReader.NO_KAFKA_TS);
        }
    }

    /** The consumers' schema since the latency waterfall: the event and the record's Kafka timestamp. */
    private static final MessageType STAMPED = MessageTypeParser.parseMessageType("message events { required int64 ts"
            + " (TIMESTAMP(MICROS,true)); required int32 producer_id; required int64 seq;"
            + " optional int64 kafka_ts (TIMESTAMP(MICROS,true)); }");

    private final FileSystem fs;
    private final String uri;
    private long version;

    public EventTableFixture(java.nio.file.Path dir, long createdMillis) throws IOException {
        this.fs = FileSystem.newInstance(URI.create("file:///"), new Configuration());
        this.uri = dir.toUri().toString();
        SyntheticTable.create(fs, uri, createdMillis);
    }

    public FileSystem fs() {
        return fs;
    }

    public String uri() {
        return uri;
    }

    /** Appends {@code rows} in one data file, committed at {@code commitMillis}. */
    public void commit(long commitMillis, List<Row> rows) throws IOException {
        commit(commitMillis, 0, rows);
    }

    /**
     * Appends {@code rows} in one data file whose {@code add} says it was written at {@code fileMillis}, committed at
     * {@code commitMillis}; with a {@code kafka_ts} column when any row has a Kafka timestamp.
     */
    public void commit(long commitMillis, long fileMillis, List<Row> rows) throws IOException {
        String file = "part-" + (version + 1) + "-" + UUID.randomUUID() + ".parquet";
        boolean stamped = rows.stream().anyMatch(r -> r.kafkaTsMicros() != EventFileReader.NO_KAFKA_TS);
        MessageType schema = stamped ? STAMPED : SyntheticTable.SCHEMA;
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(
                        LakeParquetFiles.output(fs, new Path(uri, file)))
                .withType(schema)
                .withConf(fs.getConf())
                .build()) {
            for (Row r : rows) {
                Group g = groups.newGroup()
                        .append("ts", r.tsMicros())
                        .append("producer_id", r.producerId())
                        .append("seq", r.seq());
                if (r.kafkaTsMicros() != EventFileReader.NO_KAFKA_TS) {
                    g.append("kafka_ts", r.kafkaTsMicros());
                }
                writer.write(g);
            }
        }
        version++;
        SyntheticTable.commit(
                fs,
                uri,
                version,
                commitMillis,
                "{\"add\":{\"path\":\"" + file
                        + "\",\"partitionValues\":{},\"size\":1,\"modificationTime\":" + fileMillis
                        + ",\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":"
                        + rows.size() + "}\"}}\n");
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
