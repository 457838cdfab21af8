package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ProducerContract;
import streambench.services.delta.DeltaLogTail;
import streambench.services.delta.Visibility;

class DeltaLogTailTest {
    private static final long TS = 1_800_000_000_000_000L;
    private static final long POLL_MILLIS = 50;
    /** Far longer than the poll interval: a look that waited for a data file would be found late by this much. */
    private static final long DATA_FILE_MILLIS = 2000;

    @TempDir
    Path dir;

    /** Local files whose data files take {@link #DATA_FILE_MILLIS} to open, as a large file on a far store does. */
    private static final class SlowDataFiles extends FilterFileSystem {
        SlowDataFiles(FileSystem fs) {
            super(fs);
        }

        @Override
        public FileStatus getFileStatus(org.apache.hadoop.fs.Path f) throws IOException {
            if (f.getName().endsWith(".parquet")) {
                try {
                    Thread.sleep(DATA_FILE_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException();
                }
            }
            return super.getFileStatus(f);
        }
    }

    @Test
    void versionsAreFoundWithinAPollWhileFilesHoldingMeasuredAndReservedIdsAreCounted() throws Exception {
        FileSystem local = FileSystem.newInstance(URI.create("file:///"), new Configuration());
        try (FileSystem fs = new SlowDataFiles(local)) {
            HandWrittenTable table = new HandWrittenTable(local, Files.createDirectories(dir.resolve("table")));
            Map<Long, Long> written = new HashMap<>();
            table.version(0, TS / 1000, "CREATE TABLE").create().write();
            written.put(0L, System.currentTimeMillis());
            try (DeltaLogTail tail = new DeltaLogTail(fs, table.uri(), POLL_MILLIS, ProducerContract.UNMEASURED_FROM)) {
                for (long v = 1; v <= 4; v++) {
                    String file = "part-" + v + ".parquet";
                    table.mixedFile(file, 10, 5, TS);
                    Thread.sleep(DATA_FILE_MILLIS / 4);
                    table.version(v, TS / 1000 + v * 1000, "STREAMING UPDATE")
                            .add(file, true, 15)
                            .write();
                    written.put(v, System.currentTimeMillis());
                }
                long deadline = System.currentTimeMillis() + 30_000;
                while (tail.visibility().size() < 5 && System.currentTimeMillis() < deadline) {
                    Thread.sleep(10);
                }
                Map<Long, Visibility> seen = tail.visibility();
                assertThat(seen).hasSize(5);
                // a look takes a millisecond on a local disk; a loaded machine may delay the looking thread
                long allowance = POLL_MILLIS + 400;
                seen.forEach((version, v) -> assertThat(v.seenMillis() - written.get(version))
                        .as("version %d found after it was written, ms", version)
                        .isLessThanOrEqualTo(allowance));

                tail.pollOnce();
                assertThat(tail.measuredRows()).isEqualTo(40);
                assertThat(tail.unmeasuredRows()).isEqualTo(20);
                assertThat(tail.committedRows()).isEqualTo(60);
            }
        }
    }
}
