package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.services.delta.DeltaCommit;
import streambench.services.delta.DeltaLogReader;
import streambench.services.delta.DeltaLogTail;

class DeltaLogReaderTest {
    /** ts of every event in these tables; commits come 2 to 5 s later. */
    private static final long TS = 1_800_000_000_000_000L;

    private static final long T0 = TS / 1000;

    @TempDir
    Path dir;

    private FileSystem fs;
    private HandWrittenTable table;

    @BeforeEach
    void openFileSystem() throws IOException {
        fs = FileSystem.newInstance(URI.create("file:///"), new Configuration());
        table = new HandWrittenTable(fs, Files.createDirectories(dir.resolve("table")));
    }

    @AfterEach
    void closeFileSystem() throws IOException {
        fs.close();
    }

    private DeltaLogReader reader() {
        return new DeltaLogReader(fs, table.uri());
    }

    private TableAnalysis.Result analyze() throws IOException {
        return TableAnalysis.analyze(fs, table.uri(), TS, Map.of(), rows -> {});
    }

    @Test
    void readsCommitTimesAddedFilesAndTheirStatistics() throws Exception {
        Path log = table.logDir();
        Files.writeString(
                log.resolve("00000000000000000000.json"),
                "{\"commitInfo\":{\"timestamp\":1000,\"operation\":\"CREATE TABLE\"}}\n{\"protocol\":{}}\n");
        Files.writeString(
                log.resolve("00000000000000000001.json"),
                "{\"commitInfo\":{\"timestamp\":5000,\"operation\":\"STREAMING UPDATE\"}}\n"
                        + "{\"add\":{\"path\":\"part-0%20a.parquet\",\"size\":10,\"stats\":\"{\\\"numRecords\\\":7,"
                        + "\\\"minValues\\\":{\\\"ts\\\":\\\"2026-11-30T03:10:55.101Z\\\"}}\"}}\n"
                        + "{\"add\":{\"path\":\"part-1.parquet\",\"size\":20,\"stats\":\"{\\\"numRecords\\\":3,"
                        + "\\\"minValues\\\":{\\\"ts\\\":\\\"2026-11-30T03:10:54.000+00:00\\\"}}\"}}\n");
        DeltaLogReader reader = reader();
        var commits = reader.readToEnd();
        assertThat(commits).hasSize(2);
        assertThat(commits.get(0).added()).isEmpty();
        DeltaCommit c = commits.get(1);
        assertThat(c.commitTimestampMillis()).isEqualTo(5000);
        assertThat(c.operation()).isEqualTo("STREAMING UPDATE");
        assertThat(c.recordCount()).isEqualTo(10);
        assertThat(c.minTsMicros())
                .isEqualTo(java.time.Instant.parse("2026-11-30T03:10:54Z").getEpochSecond() * 1_000_000L);
        assertThat(reader.dataFile(c.added().get(0)).getName()).isEqualTo("part-0 a.parquet");
        assertThat(reader.read(2)).isEmpty();
        assertThat(reader.next()).isEmpty();
    }

    @Test
    void aCommitWithoutATimestampIsAnError() throws Exception {
        Path log = table.logDir();
        Files.writeString(log.resolve("00000000000000000000.json"), "{\"protocol\":{}}\n");
        Files.writeString(log.resolve("00000000000000000001.json"), "not json\n");
        DeltaLogReader reader = reader();
        assertThatThrownBy(() -> reader.read(0))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("has no commitInfo.timestamp");
        assertThatThrownBy(() -> reader.read(1)).hasMessageContaining("line 1 is not JSON");
    }

    @Test
    void rowsACompactionRewritesCountOnceWithTheLatencyOfTheVersionThatAddedThem() throws Exception {
        table.dataFile("a.parquet", 0, 10, TS)
                .dataFile("b.parquet", 10, 20, TS)
                .dataFile("c.parquet", 0, 20, TS)
                .dataFile("d.parquet", 20, 30, TS);
        table.version(0, T0, "CREATE TABLE")
                .create()
                .write()
                .version(1, T0 + 2000, "STREAMING UPDATE")
                .add("a.parquet", true, 10)
                .write()
                .version(2, T0 + 3000, "STREAMING UPDATE")
                .add("b.parquet", true, 10)
                .write()
                .version(3, T0 + 60_000, "OPTIMIZE")
                .remove("a.parquet", false)
                .remove("b.parquet", false)
                .add("c.parquet", false, 20)
                .write()
                .version(4, T0 + 5000, "STREAMING UPDATE")
                .add("d.parquet", true, 10)
                .write();

        TableAnalysis.Result r = analyze();
        assertThat(r.rows()).isEqualTo(30);
        assertThat(r.completeness().against(Map.of(0, new long[] {0, 29})).exact())
                .isTrue();
        assertThat(r.commits()).extracting(CommitRow::version).containsExactly(1L, 2L, 4L);
        assertThat(r.commits()).extracting(CommitRow::maxLatencySeconds).containsExactly(2.0, 3.0, 5.0);
        assertThat(r.whole().getMaxValue() / 1e6).isLessThan(5.01);

        try (DeltaLogTail tail =
                new DeltaLogTail(fs, table.uri(), 3_600_000, streambench.common.ProducerContract.UNMEASURED_FROM)) {
            tail.pollOnce();
            assertThat(tail.committedRows()).isEqualTo(30);
            assertThat(tail.measuredRows()).isEqualTo(30);
            assertThat(tail.unmeasuredRows()).isZero();
        }
    }

    @Test
    void aRemoveIsHarmlessOnlyWhileTheTableHoldsNoFiles() throws Exception {
        table.dataFile("a.parquet", 0, 10, TS);
        table.version(0, T0, "CREATE TABLE")
                .create()
                .write()
                // delta-rs truncating a table that holds nothing yet
                .version(1, T0 + 1000, "WRITE")
                .remove("stale.parquet", true)
                .write()
                .version(2, T0 + 2000, "WRITE")
                .add("a.parquet", true, 10)
                .write();
        assertThat(reader().readToEnd()).hasSize(3);

        table.version(3, T0 + 3000, "DELETE").remove("a.parquet", true).write();
        assertThatThrownBy(() -> reader().readToEnd())
                .isInstanceOf(IOException.class)
                .hasMessageContaining(table.uri())
                .hasMessageContaining("version 3 (DELETE) removes data files")
                .hasMessageContaining("append-only");
        assertThatThrownBy(this::analyze).hasMessageContaining("version 3 (DELETE)");
    }

    @Test
    void aDeletionVectorIsRefusedButTheTableFeatureAloneIsNot() throws Exception {
        table.dataFile("a.parquet", 0, 10, TS);
        table.version(0, T0, "CREATE TABLE")
                .create()
                .raw("{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
                        + "\"readerFeatures\":[\"deletionVectors\"],\"writerFeatures\":[\"deletionVectors\"]}}")
                .write()
                .version(1, T0 + 2000, "WRITE")
                .add("a.parquet", true, 10)
                .write();
        assertThat(analyze().rows()).isEqualTo(10);

        table.version(2, T0 + 3000, "DELETE")
                .raw("{\"add\":{\"path\":\"a.parquet\",\"partitionValues\":{},\"size\":1,\"modificationTime\":0,"
                        + "\"dataChange\":true,\"deletionVector\":{\"storageType\":\"u\",\"pathOrInlineDv\":\"ab^-aqEH.-t@S}K{vb[*k^\","
                        + "\"offset\":1,\"sizeInBytes\":36,\"cardinality\":2}}}")
                .write();
        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining(table.uri())
                .hasMessageContaining("version 2 (DELETE)")
                .hasMessageContaining("a.parquet has a deletion vector");
    }

    @Test
    void aLogWhoseFirstCommitsWereCleanedUpIsRefused() throws Exception {
        for (long v = 10; v <= 12; v++) {
            table.version(v, T0 + v * 1000, "STREAMING UPDATE").write();
        }
        Files.write(table.logDir().resolve("00000000000000000010.checkpoint.parquet"), new byte[] {'P', 'A', 'R', '1'});
        Files.writeString(table.logDir().resolve("_last_checkpoint"), "{\"version\":10,\"size\":3}");

        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining(table.uri())
                .hasMessageContaining("commits before version 10 have been cleaned up")
                .hasMessageContaining("the latency of their rows cannot be known");
    }

    @Test
    void aMissingVersionBeforeAPresentOneIsAGapNotTheEnd() throws Exception {
        table.version(0, T0, "CREATE TABLE")
                .create()
                .write()
                .version(1, T0 + 1000, "WRITE")
                .write()
                .version(3, T0 + 3000, "WRITE")
                .write();
        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining(table.uri())
                .hasMessageContaining("version 2 is missing")
                .hasMessageContaining("version 3");
    }

    @Test
    void checkpointsChecksumsAndCompactedLogsBesideACompleteLogAreIgnored() throws Exception {
        table.version(0, T0, "CREATE TABLE").create().write();
        for (long v = 1; v <= 3; v++) {
            table.version(v, T0 + v * 1000, "WRITE").write();
        }
        Path log = table.logDir();
        for (String name : List.of(
                "00000000000000000002.checkpoint.parquet",
                "00000000000000000002.checkpoint.0000000001.0000000002.parquet",
                "00000000000000000002.checkpoint.0000000002.0000000002.parquet",
                "00000000000000000002.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json",
                "00000000000000000001.crc",
                "00000000000000000003.crc",
                "00000000000000000001.00000000000000000005.compacted.json",
                "_commit_5e2b9b7a.json.tmp",
                "_last_checkpoint")) {
            Files.writeString(log.resolve(name), "not a commit");
        }
        Files.createDirectories(log.resolve("_sidecars"));
        assertThat(reader().readToEnd()).extracting(DeltaCommit::version).containsExactly(0L, 1L, 2L, 3L);
    }

    @Test
    void anInCommitTimestampIsTheCommitsTime() throws Exception {
        table.version(0, T0 + 9000, "CREATE TABLE")
                .inCommitTimestamp(T0 + 5000)
                .create()
                .write();
        assertThat(reader().readToEnd().get(0).commitTimestampMillis()).isEqualTo(T0 + 5000);
    }

    @Test
    void encodedRelativeAndAbsolutePathsNameTheRightFiles() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        // a partition directory with a space and a colon, one whose name holds a Hive-escaped colon,
        // and a file outside the table named by its absolute URI (as shallow clones do)
        table.dataFile("at=2026-11-30 10:00/part-0.parquet", 0, 10, TS)
                .dataFile("at=2026-11-30 11%3A00/part-1.parquet", 10, 20, TS)
                .dataFile(elsewhere.resolve("part 2.parquet"), 20, 30, TS);
        Path tableDir = dir.resolve("table");
        String absolute = elsewhere.resolve("part 2.parquet").toUri().toString();
        table.version(0, T0, "CREATE TABLE")
                .create()
                .write()
                .version(1, T0 + 2000, "WRITE")
                .add("at=2026-11-30%2010%3A00/part-0.parquet", true, 10)
                .add("at=2026-11-30%2011%253A00/part-1.parquet", true, 10)
                .add(absolute, true, 10)
                .write();

        DeltaLogReader reader = reader();
        List<DeltaCommit.AddedFile> files = reader.readToEnd().get(1).added();
        assertThat(reader.dataFile(files.get(0)).toUri().getPath())
                .isEqualTo(
                        tableDir.resolve("at=2026-11-30 10:00/part-0.parquet").toString());
        assertThat(reader.dataFile(files.get(1)).toUri().getPath())
                .isEqualTo(
                        tableDir.resolve("at=2026-11-30 11%3A00/part-1.parquet").toString());
        assertThat(reader.dataFile(files.get(2)).toUri().getPath())
                .isEqualTo(elsewhere.resolve("part 2.parquet").toString());
        assertThat(analyze().rows()).isEqualTo(30);
    }

    @Test
    void aPathTheLogLeftUnencodedIsRefused() throws Exception {
        table.version(0, T0, "CREATE TABLE")
                .create()
                .write()
                .version(1, T0 + 2000, "WRITE")
                .add("part 0.parquet", true, 10)
                .write();
        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining("version 1 (WRITE)")
                .hasMessageContaining("part 0.parquet is not a URI");
    }

    @Test
    void aSchemaWithoutABenchmarkColumnIsRefusedNamingIt() throws Exception {
        table.version(0, T0, "CREATE TABLE").create("ts", "seq", "payload").write();
        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining(table.uri())
                .hasMessageContaining("version 0 (CREATE TABLE)")
                .hasMessageContaining("no column producer_id");
    }

    @Test
    void aBenchmarkColumnUsedAsPartitionColumnIsRefused() throws Exception {
        table.version(0, T0, "CREATE TABLE").create(List.of("producer_id")).write();
        assertThatThrownBy(() -> reader().readToEnd())
                .hasMessageContaining("version 0 (CREATE TABLE)")
                .hasMessageContaining("producer_id is a partition column");
    }
}
