package streambench.harness.delta;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * A real Delta table of benchmark events on the local file system, one commit at a time, for tests that
 * need exact rows and commit times: foreign producers, clock skew, lost rows.
 */
public final class EventTableFixture implements AutoCloseable {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message events { required int64 ts (TIMESTAMP(MICROS,true)); required int32 producer_id; required int64 seq; }");

    /** One row: its intended send time (epoch µs), producer and sequence number. */
    public record Row(long tsMicros, int producerId, long seq) {
    }

    private final FileSystem fs;
    private final String uri;
    private long version;

    public EventTableFixture(java.nio.file.Path dir, long createdMillis) throws IOException {
        this.fs = FileSystem.newInstance(URI.create("file:///"), new Configuration());
        this.uri = dir.toUri().toString();
        write(0, createdMillis, "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n"
                + "{\"metaData\":{\"id\":\"" + UUID.randomUUID() + "\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
                + "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":["
                + "{\\\"name\\\":\\\"ts\\\",\\\"type\\\":\\\"timestamp\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},"
                + "{\\\"name\\\":\\\"producer_id\\\",\\\"type\\\":\\\"integer\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},"
                + "{\\\"name\\\":\\\"seq\\\",\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}\","
                + "\"partitionColumns\":[],\"configuration\":{},\"createdTime\":" + createdMillis + "}}\n");
    }

    public FileSystem fs() {
        return fs;
    }

    public String uri() {
        return uri;
    }

    /** Appends {@code rows} in one data file, committed at {@code commitMillis}. */
    public void commit(long commitMillis, List<Row> rows) throws IOException {
        String file = "part-" + (version + 1) + "-" + UUID.randomUUID() + ".parquet";
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(LakeParquetFiles.output(fs, new Path(uri, file)))
                .withType(SCHEMA).withConf(fs.getConf()).build()) {
            for (Row r : rows) {
                writer.write(groups.newGroup().append("ts", r.tsMicros()).append("producer_id", r.producerId())
                        .append("seq", r.seq()));
            }
        }
        write(version + 1, commitMillis, "{\"add\":{\"path\":\"" + file + "\",\"partitionValues\":{},\"size\":1,"
                + "\"modificationTime\":0,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":" + rows.size() + "}\"}}\n");
    }

    private void write(long v, long commitMillis, String actions) throws IOException {
        Path log = new Path(uri, "_delta_log/" + String.format("%020d", v) + ".json");
        try (FSDataOutputStream out = fs.create(log, false)) {
            out.write(("{\"commitInfo\":{\"timestamp\":" + commitMillis + ",\"operation\":\"WRITE\"}}\n" + actions)
                    .getBytes(StandardCharsets.UTF_8));
        }
        version = v;
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
