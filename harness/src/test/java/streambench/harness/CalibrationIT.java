package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.TableAnalysis;
import streambench.services.EmbeddedAzurite;
import streambench.services.InstallLayout;
import streambench.services.LakeFileSystem;
import streambench.services.delta.DeltaLogTail;
import streambench.services.delta.SyntheticTable;

/**
 * Is the clock honest? A test-only writer commits known events into a Delta table on Azurite, each
 * commit exactly 1.5 s after its last event, through the same ABFS driver; the analysis must report
 * 1.5 s. It also proves the reader takes INT64 micros timestamps and ignores files that were written
 * but never committed.
 */
class CalibrationIT {
    private static EmbeddedAzurite azurite;
    private static LakeSettings lake;

    @BeforeAll
    static void start(@TempDir java.nio.file.Path logs) throws Exception {
        azurite = EmbeddedAzurite.start(InstallLayout.load(), logs.resolve("azurite.log"), 256);
        lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", azurite.endpoint())));
    }

    @AfterAll
    static void stop() {
        if (azurite != null) {
            azurite.close();
        }
    }

    @Test
    void reportsTheDelayTheWriterPutIn() throws Exception {
        String table = lake.tableUri("calibration/" + UUID.randomUUID());
        long start = 1_800_000_000_000_000L; // any fixed time works
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            // 2,000 events/s for 20 s, a commit every 0.05 s of events, each 1.5 s after its last event
            long events = SyntheticTable.write(fs, table, start, 2000, 20, 0.05, 1_500_000);
            // a file written but never committed, as after a writer's crash: must not count
            SyntheticTable.write(fs, table + "_orphan", start, 10, 1, 1, 0);
            fs.rename(new Path(table + "_orphan/_delta_log"), new Path(table + "_orphan/_unused_log"));
            for (var orphan : fs.listStatus(new Path(table + "_orphan"))) {
                if (orphan.isFile()) {
                    fs.rename(
                            orphan.getPath(),
                            new Path(table, "orphan-" + orphan.getPath().getName()));
                }
            }

            TableAnalysis.Result r = TableAnalysis.analyze(fs, table, start, Map.of(), rows -> {});
            assertThat(r.rows()).isEqualTo(events);
            assertThat(r.bins()).hasSize(20);
            for (SecondBin b : r.bins()) {
                // a commit's events span 50 ms: latencies 1.50-1.55 s
                assertThat(b.maxSeconds())
                        .as("max of second %d", b.elapsedSecond())
                        .isCloseTo(1.5, within(0.1));
                assertThat(b.p50Seconds())
                        .as("p50 of second %d", b.elapsedSecond())
                        .isCloseTo(1.5, within(0.1));
                assertThat(b.count()).isEqualTo(2000);
            }
            assertThat(r.whole().getMinValue() / 1e6).isCloseTo(1.5, within(0.002));
            assertThat(r.negativeLatencies()).isZero();
            assertThat(r.completeness()
                            .against(Map.of(0, new long[] {0, events - 1}))
                            .exact())
                    .isTrue();
        }
    }

    /**
     * A writer that reads its clock, then takes 400 ms to get its commit file into the store: latency must run to
     * when a reader found the version, 400 ms (and at most a poll interval more) after the timestamp in it.
     */
    @Test
    void measuresToWhereAReaderSawTheCommitNotToItsTimestamp() throws Exception {
        String table = lake.tableUri("calibration-live/" + UUID.randomUUID());
        long start = (System.currentTimeMillis() + 1000) * 1000;
        long pollMillis = 50;
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of());
                DeltaLogTail tail =
                        new DeltaLogTail(fs, table, pollMillis, streambench.common.ProducerContract.UNMEASURED_FROM)) {
            // 1,000 events/s for 6 s, a commit every 0.5 s of events, its timestamp 0.2 s after its last event,
            // its file written 0.4 s after that
            long events = SyntheticTable.write(fs, table, start, 1000, 6, 0.5, 200_000, 400_000);
            tail.pollOnce();

            TableAnalysis.Result r = TableAnalysis.analyze(fs, table, start, tail.visibility(), rows -> {});
            assertThat(r.rows()).isEqualTo(events);
            assertThat(r.unobservedVersions()).isZero();
            java.util.Map<Long, SecondBin> byCommit = new java.util.HashMap<>();
            r.commitBins().forEach(b -> byCommit.put(b.elapsedSecond(), b));
            for (SecondBin b : r.bins()) {
                double commitMax = byCommit.get(b.elapsedSecond()).maxSeconds();
                assertThat(b.maxSeconds() - commitMax)
                        .as("second %d: seen minus committed", b.elapsedSecond())
                        .isBetween(0.39, 0.40 + pollMillis / 1000.0 + 0.5);
            }
            assertThat(r.commitMaxSeconds()).isCloseTo(0.7, within(0.01));
        }
    }
}
