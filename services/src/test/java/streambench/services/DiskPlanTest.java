package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;

/** Where a turn's data goes, and the turns the disk cannot hold, decided before anything starts. */
class DiskPlanTest {
    @Test
    void aShortRunKeepsAzuriteInMemory(@TempDir Path logs) {
        // the default run: 200,000 msg/s for 120 s plus the 30 s warm start
        DiskPlan plan = DiskPlan.of(new TurnFootprint(200_000L * 160, 100), true, true, 4096, logs);
        assertThat(plan.azuriteOnDisk()).isFalse();
        assertThat(plan.describe()).isEmpty();
        plan.check();
    }

    @Test
    void aSoakPutsAzuriteOnDiskInTheRunsDirectoryAndSaysSo(@TempDir Path logs) {
        DiskPlan plan = DiskPlan.of(new TurnFootprint(200_000L * 1840, 100), true, true, 4096, logs);
        assertThat(plan.azuriteOnDisk()).isTrue();
        assertThat(plan.azuriteLocation()).isEqualTo(logs.resolve("azurite-data"));
        assertThat(plan.describe())
                .hasValueSatisfying(s -> assertThat(s)
                        .contains("13.7 GiB of table", "368,000,000 rows", "4,096 MiB (AZURITE_MEMORY_LIMIT_MB)")
                        .contains("on disk in " + logs.resolve("azurite-data")));
    }

    @Test
    void anExternalLakeIsNeverPutOnDisk(@TempDir Path logs) {
        DiskPlan plan = DiskPlan.of(new TurnFootprint(200_000L * 1840, 100), false, false, 4096, logs);
        assertThat(plan.azuriteOnDisk()).isFalse();
        plan.check(); // nothing embedded: nothing to hold
    }

    @Test
    void aTurnTheDiskCannotHoldIsRefusedNamingWhatAndWhere(@TempDir Path logs) {
        long events = Long.MAX_VALUE / 1000; // exabytes
        DiskPlan plan = DiskPlan.of(new TurnFootprint(events, 100), true, true, 4096, logs);
        assertThatThrownBy(plan::check)
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("events of 100 bytes needs about")
                .hasMessageContaining("lower --rate or --duration");
    }
}
