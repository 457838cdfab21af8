package streambench.deltawriter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;

/**
 * Test rows and an independent reader for tables on the local file system: the add actions of every
 * JSON commit, then the Parquet files they name, read with parquet-hadoop's example reader (not Kernel,
 * which wrote them).
 */
public final class TestRows {
    /** A Flink POJO, not a record: Flink 1.16 would fall back to Kryo, which cannot rebuild records. */
    public static final class Row {
        public long ts;
        public int producerId;
        public long seq;

        public Row() {}

        public Row(long ts, int producerId, long seq) {
            this.ts = ts;
            this.producerId = producerId;
            this.seq = seq;
        }

        public long ts() {
            return ts;
        }

        public int producerId() {
            return producerId;
        }

        public long seq() {
            return seq;
        }
    }

    public static final RowFormat<Row> FORMAT = RowFormat.<Row>builder()
            .column("ts", ColumnType.TIMESTAMP_MICROS, false, Row::ts)
            .column("producer_id", ColumnType.INT, false, Row::producerId)
            .column("seq", ColumnType.LONG, false, Row::seq)
            .build();

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestRows() {}

    public static List<JsonNode> commits(java.nio.file.Path table) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.list(table.resolve("_delta_log"))) {
            for (java.nio.file.Path p : files.filter(
                            f -> f.getFileName().toString().matches("\\d{20}\\.json"))
                    .sorted()
                    .toList()) {
                for (String line : Files.readAllLines(p)) {
                    out.add(JSON.readTree(line));
                }
            }
        }
        return out;
    }

    public static List<JsonNode> adds(java.nio.file.Path table) throws IOException {
        return commits(table).stream()
                .filter(n -> n.has("add"))
                .map(n -> n.get("add"))
                .toList();
    }

    public static List<Row> read(java.nio.file.Path table) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (JsonNode add : adds(table)) {
            Path file = new Path(table.resolve(add.get("path").asText()).toUri());
            try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(), file)
                    .withConf(new Configuration())
                    .build()) {
                for (Group g = r.read(); g != null; g = r.read()) {
                    rows.add(new Row(g.getLong("ts", 0), g.getInteger("producer_id", 0), g.getLong("seq", 0)));
                }
            }
        }
        return rows;
    }
}
