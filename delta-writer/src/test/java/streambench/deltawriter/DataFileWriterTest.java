package streambench.deltawriter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFileWriterTest {
    // small pages and row groups, so rows reach the file system before the abort, not only memory
    private static final ParquetSettings SMALL =
            new ParquetSettings(CompressionCodecName.SNAPPY, 64 << 10, 4 << 10, true);

    @TempDir
    Path dir;

    private DataFileWriter<TestRows.Row> writer(String name, int rows) throws Exception {
        DataFileWriter<TestRows.Row> w =
                new DataFileWriter<>(TestRows.FORMAT, dir.resolve(name).toUri().toString(), new Configuration(), SMALL);
        for (int i = 0; i < rows; i++) {
            w.write(new TestRows.Row(1_700_000_000_000_000L + i, 0, i));
        }
        return w;
    }

    private long filesLeft() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count(); // the local file system's .crc companions count too
        }
    }

    @Test
    void abortLeavesNothingBehind() throws Exception {
        DataFileWriter<TestRows.Row> w = writer("part-aborted.snappy.parquet", 20_000);
        assertThat(filesLeft()).isPositive(); // the file exists from its first byte

        w.abort();
        w.abort(); // a second abort (close after a failed abort) is harmless

        assertThat(filesLeft()).isZero();
    }

    @Test
    void abortWithoutRowsLeavesNothingBehind() throws Exception {
        writer("part-empty.snappy.parquet", 0).abort();

        assertThat(filesLeft()).isZero();
    }

    @Test
    void finishKeepsTheFileAtItsExactSize() throws Exception {
        DataFile f = writer("part-kept.snappy.parquet", 1000).finish();

        assertThat(f.numRecords()).isEqualTo(1000);
        assertThat(Files.size(dir.resolve("part-kept.snappy.parquet"))).isEqualTo(f.sizeBytes());
    }
}
