package streambench.deltawriter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ReadBack;

class KernelTableReadTest {
    private static final long T0 = 1_800_000_000_000_000L;

    @TempDir
    Path dir;

    /**
     * Three commits of a file each, 100 s of events apiece: from second 150 on, Kernel skips the first file by its
     * statistics and the rows before 150 s in the second are filtered out here.
     */
    @Test
    void readsTheRowsFromATimeOnAndSkipsFilesByTheirStatistics() throws Exception {
        Path table = dir.resolve("events");
        DeltaTableCommitter c =
                new DeltaTableCommitter(table.toUri().toString(), Map.of(), EventTable.FORMAT, "test", false);
        String path = c.ensureTable(Map.of());
        long bytes = 0;
        for (int f = 0; f < 3; f++) {
            DataFileWriter<EventRow> w = new DataFileWriter<>(
                    EventTable.FORMAT,
                    path + "/part-" + f + ".snappy.parquet",
                    new Configuration(),
                    ParquetSettings.defaults());
            for (int s = 0; s < 100; s++) {
                long second = f * 100L + s;
                w.write(new EventRow(T0 + second * 1_000_000, 0, second, second % 2 == 0 ? null : T0));
            }
            DataFile file = w.finish();
            if (f > 0) {
                bytes += file.sizeBytes();
            }
            c.commit("app", f + 1, List.of(file));
        }

        ReadBack.Report r = KernelTableRead.read(table.toUri().toString(), Map.of(), T0 + 150 * 1_000_000L - 1);

        assertThat(r.reader()).isEqualTo("Delta Kernel");
        assertThat(r.version()).isEqualTo(3);
        assertThat(r.files()).isEqualTo(2);
        assertThat(r.bytes()).isEqualTo(bytes);
        assertThat(r.rows()).as("from 1 µs before second 150").isEqualTo(150);
        assertThat(KernelTableRead.read(table.toUri().toString(), Map.of(), T0 + 150 * 1_000_000L + 1)
                        .rows())
                .as("from 1 µs after it")
                .isEqualTo(149);
        assertThat(r.snapshotMillis()).isNotNegative();
        assertThat(r.scanMillis()).isNotNegative();
        assertThat(ReadBack.Report.parse(r.line())).hasValue(r);
    }
}
