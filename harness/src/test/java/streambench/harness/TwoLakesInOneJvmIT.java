package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.harness.analysis.TableAnalysis;
import streambench.services.EmbeddedAzurite;
import streambench.services.InstallLayout;
import streambench.services.LakeFileSystem;
import streambench.services.delta.SyntheticTable;

/**
 * Every Azurite has the same URI authority, so anything that goes through Hadoop's global
 * FileSystem cache reaches the first Azurite a JVM met, long after it stopped, and the driver
 * retries for ~15 minutes. Writing and reading a table on a second Azurite must not.
 */
class TwoLakesInOneJvmIT {
    @Test
    @Timeout(180)
    void aSecondAzuriteIsReadThroughItsOwnFileSystem(@TempDir Path logs) throws Exception {
        assertThat(writeAndAnalyse(logs.resolve("first.log"))).isEqualTo(2000);
        assertThat(writeAndAnalyse(logs.resolve("second.log"))).isEqualTo(2000);
    }

    private static long writeAndAnalyse(Path log) throws Exception {
        try (EmbeddedAzurite azurite = EmbeddedAzurite.start(InstallLayout.load(), log, 256)) {
            LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", azurite.endpoint())));
            String table = lake.tableUri("two-lakes");
            try (FileSystem fs = LakeFileSystem.open(lake, Map.of("fs.azure.io.retry.max.retries", "2"))) {
                long start = 1_800_000_000_000_000L;
                SyntheticTable.write(fs, table, start, 1000, 2, 1, 1_000_000);
                return TableAnalysis.analyze(fs, table, start, Map.of(), rows -> {})
                        .rows();
            }
        }
    }
}
