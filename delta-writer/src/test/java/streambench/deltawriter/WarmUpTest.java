package streambench.deltawriter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmUpTest {
    @TempDir
    Path tmp;

    /** The warm-up runs the log checkpoint once too, so a real table's first checkpoint is not cold code. */
    @Test
    void theScratchTableIsCheckpointedAtItsLastWarmUpCommit() throws Exception {
        Path table = tmp.resolve("warmup");
        WarmUp.events(table.toUri().toString(), Map.of(), ParquetSettings.defaults(), 100, 3);

        Path log = table.resolve("_delta_log");
        assertThat(log.resolve("00000000000000000003.json")).exists();
        assertThat(log.resolve("00000000000000000003.checkpoint.parquet")).isNotEmptyFile();
        assertThat(Files.readString(log.resolve("_last_checkpoint"))).contains("\"version\":3");
    }
}
