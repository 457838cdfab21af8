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
import streambench.services.delta.LakeParquetFiles;
import streambench.services.delta.SyntheticTable;

/**
 * A real Delta table of benchmark events on the local file system, one commit at a time, for tests that
 * need exact rows and commit times: foreign producers, clock skew, lost rows.
 */
public final class EventTableFixture implements AutoCloseable {
    /** One row: its intended send time (epoch µs), producer and sequence number. */
    public record Row(long tsMicros, int producerId, long seq) {}

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
        String file = "part-" + (version + 1) + "-" + UUID.randomUUID() + ".parquet";
        SimpleGroupFactory groups = new SimpleGroupFactory(SyntheticTable.SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(
                        LakeParquetFiles.output(fs, new Path(uri, file)))
                .withType(SyntheticTable.SCHEMA)
                .withConf(fs.getConf())
                .build()) {
            for (Row r : rows) {
                writer.write(groups.newGroup()
                        .append("ts", r.tsMicros())
                        .append("producer_id", r.producerId())
                        .append("seq", r.seq()));
            }
        }
        version++;
        SyntheticTable.commit(
                fs,
                uri,
                version,
                commitMillis,
                "{\"add\":{\"path\":\"" + file
                        + "\",\"partitionValues\":{},\"size\":1,\"modificationTime\":0,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":"
                        + rows.size() + "}\"}}\n");
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
