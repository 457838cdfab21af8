package streambench.deltawriter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeltaTableCommitterTest {
    @TempDir
    Path dir;

    private DeltaTableCommitter committer(Path table) {
        return new DeltaTableCommitter(table.toUri().toString(), Map.of(), TestRows.FORMAT, "test", true);
    }

    private DataFile write(String tablePath, int producer, long firstSeq, int n) throws Exception {
        DataFileWriter<TestRows.Row> w = new DataFileWriter<>(
                TestRows.FORMAT,
                tablePath + "/part-" + producer + "-" + firstSeq + ".snappy.parquet",
                new Configuration(),
                ParquetSettings.defaults());
        for (int i = 0; i < n; i++) {
            w.write(new TestRows.Row(1_700_000_000_000_000L + (firstSeq + i) * 1000, producer, firstSeq + i));
        }
        return w.finish();
    }

    @Test
    void createsTheTableWithSchemaAndProperties() throws Exception {
        Path table = dir.resolve("t");
        String qualified =
                committer(table).ensureTable(Map.of("delta.checkpointInterval", "100", "delta.appendOnly", "true"));

        assertThat(qualified).startsWith("file:").endsWith("/t");
        JsonNode metadata = TestRows.commits(table).stream()
                .filter(n -> n.has("metaData"))
                .findFirst()
                .orElseThrow()
                .get("metaData");
        assertThat(metadata.get("configuration").get("delta.checkpointInterval").asText())
                .isEqualTo("100");
        JsonNode schema =
                new ObjectMapper().readTree(metadata.get("schemaString").asText());
        assertThat(schema.get("fields"))
                .extracting(f -> f.get("name").asText() + ":" + f.get("type").asText())
                .containsExactly("ts:timestamp", "producer_id:integer", "seq:long");
        // a second call finds the table instead of failing
        assertThat(committer(table).ensureTable(Map.of())).isEqualTo(qualified);
    }

    @Test
    void commitsFilesOnceWithRecordCountsAndTsBounds() throws Exception {
        Path table = dir.resolve("t");
        DeltaTableCommitter c = committer(table);
        String path = c.ensureTable(Map.of());
        List<DataFile> files = List.of(write(path, 0, 0, 100), write(path, 1, 0, 50));

        DeltaTableCommitter.Result first = c.commit("app", 7, files);
        DeltaTableCommitter.Result replay = c.commit("app", 7, files);
        DeltaTableCommitter.Result older = committer(table).commit("app", 6, files); // a fresh reader of the log

        assertThat(first.deltaVersion()).isEqualTo(1);
        assertThat(first.records()).isEqualTo(150);
        assertThat(replay.alreadyCommitted()).isTrue();
        assertThat(replay.deltaVersion()).isEqualTo(-1);
        assertThat(older.alreadyCommitted()).isTrue();
        assertThat(Files.exists(table.resolve("_delta_log/00000000000000000002.json")))
                .isFalse();
        assertThat(TestRows.read(table)).hasSize(150);
        assertThat(c.lastCommitted("app")).hasValue(7);
        assertThat(c.lastCommitted("other")).isEmpty();

        JsonNode txn = TestRows.commits(table).stream()
                .filter(n -> n.has("txn"))
                .findFirst()
                .orElseThrow()
                .get("txn");
        assertThat(txn.get("appId").asText()).isEqualTo("app");
        assertThat(txn.get("version").asLong()).isEqualTo(7);
        JsonNode stats = new ObjectMapper()
                .readTree(TestRows.adds(table).get(0).get("stats").asText());
        assertThat(stats.get("numRecords").asLong()).isIn(100L, 50L);
        assertThat(stats.get("minValues").get("ts").asText()).startsWith("2023-11-14T22:13:20");
        assertThat(stats.get("maxValues").has("seq")).isTrue();
        // the exact size readers need to find the footer
        for (JsonNode add : TestRows.adds(table)) {
            assertThat(add.get("size").asLong())
                    .isEqualTo(Files.size(table.resolve(add.get("path").asText())));
        }
    }

    @Test
    void anotherAppIdCommitsIndependently() throws Exception {
        Path table = dir.resolve("t");
        DeltaTableCommitter c = committer(table);
        String path = c.ensureTable(Map.of());
        c.commit("job-a", 5, List.of(write(path, 0, 0, 10)));
        DeltaTableCommitter.Result b = c.commit("job-b", 1, List.of(write(path, 0, 10, 10)));

        assertThat(b.alreadyCommitted()).isFalse();
        assertThat(TestRows.read(table)).hasSize(20);
    }

    /** The writer's commit returns before the checkpoint is written; the checkpoint still comes, one at a time. */
    @Test
    void aLogCheckpointInTheBackgroundIsWrittenAndTheTableStaysReadable() throws Exception {
        Path table = dir.resolve("t");
        DeltaTableCommitter c = committer(table).checkpointInBackground(true);
        String path = c.ensureTable(Map.of("delta.checkpointInterval", "2"));
        for (int v = 1; v <= 3; v++) {
            c.commit("app", v, List.of(write(path, 0, v * 10L, 10)));
            c.awaitCheckpoint(java.time.Duration.ofSeconds(30));
        }

        assertThat(table.resolve("_delta_log/00000000000000000002.checkpoint.parquet"))
                .isRegularFile();
        assertThat(table.resolve("_delta_log/_last_checkpoint")).isRegularFile();
        assertThat(TestRows.read(table)).hasSize(30);
        assertThat(committer(table).lastCommitted("app")).hasValue(3);
    }

    @Test
    void emptyBatchWritesNothing() throws Exception {
        Path table = dir.resolve("t");
        DeltaTableCommitter c = committer(table);
        c.ensureTable(Map.of());
        assertThat(c.commit("app", 1, List.of()).deltaVersion()).isEqualTo(-1);
        assertThat(Files.exists(table.resolve("_delta_log/00000000000000000001.json")))
                .isFalse();
    }

    @Test
    void refusesATableWithOtherColumns() {
        Path table = dir.resolve("t");
        RowFormat<String> other = RowFormat.<String>builder()
                .column("name", ColumnType.STRING, true, s -> s)
                .build();
        new DeltaTableCommitter(table.toUri().toString(), Map.of(), other, "test", true).ensureTable(Map.of());

        assertThatThrownBy(() -> committer(table).ensureTable(Map.of()))
                .hasMessageContaining("exists with columns [name string]")
                .hasMessageContaining("ts timestamp");
    }
}
