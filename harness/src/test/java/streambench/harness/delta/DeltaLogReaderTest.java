package streambench.harness.delta;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeltaLogReaderTest {
    @Test
    void readsCommitTimesAddedFilesAndTheirStatistics(@TempDir Path table) throws Exception {
        Path log = Files.createDirectories(table.resolve("_delta_log"));
        Files.writeString(log.resolve("00000000000000000000.json"),
                "{\"commitInfo\":{\"timestamp\":1000,\"operation\":\"CREATE TABLE\"}}\n{\"protocol\":{}}\n");
        Files.writeString(log.resolve("00000000000000000001.json"),
                "{\"commitInfo\":{\"timestamp\":5000,\"operation\":\"STREAMING UPDATE\"}}\n"
                        + "{\"add\":{\"path\":\"part-0%20a.parquet\",\"size\":10,\"stats\":\"{\\\"numRecords\\\":7,"
                        + "\\\"minValues\\\":{\\\"ts\\\":\\\"2026-11-30T03:10:55.101Z\\\"}}\"}}\n"
                        + "{\"add\":{\"path\":\"part-1.parquet\",\"size\":20,\"stats\":\"{\\\"numRecords\\\":3,"
                        + "\\\"minValues\\\":{\\\"ts\\\":\\\"2026-11-30T03:10:54.000+00:00\\\"}}\"}}\n");
        try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), new Configuration())) {
            DeltaLogReader reader = new DeltaLogReader(fs, table.toUri().toString());
            var commits = reader.readFrom(0);
            assertThat(commits).hasSize(2);
            assertThat(commits.get(0).added()).isEmpty();
            DeltaCommit c = commits.get(1);
            assertThat(c.commitTimestampMillis()).isEqualTo(5000);
            assertThat(c.operation()).isEqualTo("STREAMING UPDATE");
            assertThat(c.recordCount()).isEqualTo(10);
            assertThat(c.minTsMicros()).isEqualTo(java.time.Instant.parse("2026-11-30T03:10:54Z").getEpochSecond() * 1_000_000L);
            assertThat(reader.dataFile(c.added().get(0)).getName()).isEqualTo("part-0 a.parquet");
            assertThat(reader.read(2)).isEmpty();
        }
    }

    @Test
    void aCommitWithoutATimestampIsAnError(@TempDir Path table) throws Exception {
        Path log = Files.createDirectories(table.resolve("_delta_log"));
        Files.writeString(log.resolve("00000000000000000000.json"), "{\"protocol\":{}}\n");
        Files.writeString(log.resolve("00000000000000000001.json"), "not json\n");
        try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), new Configuration())) {
            DeltaLogReader reader = new DeltaLogReader(fs, table.toUri().toString());
            assertThatThrownBy(() -> reader.read(0)).isInstanceOf(IOException.class)
                    .hasMessageContaining("has no commitInfo.timestamp");
            assertThatThrownBy(() -> reader.read(1)).hasMessageContaining("line 1 is not JSON");
        }
    }
}
