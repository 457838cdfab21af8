package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A long run window by window: latency, the consumer's memory, the table's files and log, and what grew. */
class SoakWindowsTest {
    private static final long START_MILLIS = 1_800_000_000_000L;
    private static final long W = TableAnalysis.WINDOW_SECONDS;

    @Test
    void eachWindowHasTheExactMaximumAndThePercentileOfAllItsRecords() {
        LatencyRecorder r = new LatencyRecorder(START_MILLIS * 1000);
        for (long second = 0; second < 2 * W + 10; second++) {
            long ts = (START_MILLIS + second * 1000) * 1000;
            for (int i = 0; i < 100; i++) {
                r.record(ts, ts + 500_000); // 0.5 s
            }
        }
        long ts = (START_MILLIS + W * 1000 + 7_000) * 1000;
        r.record(ts, ts + 4_321_000); // one record of 4.321 s in the second window
        List<LatencyWindow> windows = r.windows(W);
        assertThat(windows).extracting(LatencyWindow::fromSecond).containsExactly(0L, W, 2 * W);
        assertThat(windows).extracting(LatencyWindow::toSecond).containsExactly(W, 2 * W, 2 * W + 10);
        assertThat(windows.get(0).maxSeconds()).isEqualTo(0.5);
        assertThat(windows.get(1).maxSeconds()).isEqualTo(4.321);
        assertThat(windows.get(1).p99Seconds()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.001));
        assertThat(windows.get(1).count()).isEqualTo(W * 100 + 1);
    }

    @Test
    void theTableAtEachWindowsEndComesFromTheLogAndItsDirectory(@TempDir Path table) throws Exception {
        Path log = Files.createDirectories(table.resolve("_delta_log"));
        logFile(log, "00000000000000000000.json", 1_000, 1);
        logFile(log, "00000000000000000001.json", 2_000, 10);
        logFile(log, "00000000000000000010.checkpoint.parquet", 30_000, 100);
        logFile(log, "_last_checkpoint", 500, 101);
        logFile(log, "00000000000000000011.json", 4_000, W + 50);
        List<TableGrowth.LogFile> listed = TableGrowth.listLog(
                FileSystem.getLocal(new Configuration()), table.toUri().toString());
        assertThat(listed)
                .filteredOn(TableGrowth.LogFile::checkpoint)
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.version()).isEqualTo(10);
                    assertThat(c.bytes()).isEqualTo(30_000);
                });
        TableGrowth growth = new TableGrowth(
                List.of(
                        new TableGrowth.Step(1, at(10), 2, 2_000_000, 0),
                        new TableGrowth.Step(2, at(120), 3, 1_000_000, 0),
                        new TableGrowth.Step(3, at(W + 5), 1, 4_000_000, 2)),
                listed);
        List<SoakWindows.MemoryReading> memory = new ArrayList<>();
        for (long s = 0; s < 2 * W; s += 5) {
            memory.add(new SoakWindows.MemoryReading(at(s), 1000 + s, s < W ? 200 + s % 50 : 600 + s % 50));
        }
        SoakWindows soak = SoakWindows.of(
                List.of(new LatencyWindow(0, W, 1.2, 0.8, 1000), new LatencyWindow(W, 2 * W, 1.5, 0.9, 1000)),
                growth,
                memory,
                START_MILLIS * 1000);
        SoakWindows.Window first = soak.windows().get(0);
        assertThat(first.files()).isEqualTo(5);
        assertThat(first.filesAdded()).isEqualTo(5);
        assertThat(first.meanFileBytes()).isEqualTo(600_000);
        assertThat(first.filesPerMinute()).isEqualTo(1.0);
        assertThat(first.logBytes()).isEqualTo(1_000 + 2_000 + 30_000 + 500);
        assertThat(first.checkpointSeconds()).containsExactly(100L);
        assertThat(first.rssMaxMiB()).isEqualTo(1000 + W - 5);
        assertThat(first.heapAfterGcMinMiB()).isEqualTo(200);
        assertThat(first.heapAfterGcMaxMiB()).isEqualTo(245);
        SoakWindows.Window second = soak.windows().get(1);
        assertThat(second.files()).isEqualTo(4); // compaction took two out
        assertThat(second.logBytes()).isEqualTo(37_500);
        assertThat(second.checkpointSeconds()).isEmpty();
        assertThat(second.heapAfterGcMinMiB()).isEqualTo(600);
        assertThat(soak.whole()).hasSize(2);
    }

    @Test
    void growthIsJudgedOnlyOverTwoWholeWindowsAndFailsOnAClimbingPercentileOrHeap() {
        SoakWindows flat = soak(0.8, 0.9, 300, 310);
        assertThat(Verdict.growth(flat, 1.0, 4096)).hasValueSatisfying(c -> {
            assertThat(c.name()).isEqualTo("growth");
            assertThat(c.passed()).isTrue();
            assertThat(c.detail()).contains("p99 0.80 -> 0.90 s", "heap after GC 300 -> 310 MiB");
        });
        assertThat(Verdict.growth(soak(0.8, 1.9, 300, 310), 1.0, 4096))
                .hasValueSatisfying(c -> assertThat(c.passed()).isFalse());
        assertThat(Verdict.growth(soak(0.8, 0.9, 300, 300 + 0.2 * 4096), 1.0, 4096))
                .hasValueSatisfying(c -> assertThat(c.passed()).isFalse());
        assertThat(Verdict.growth(soak(0.8, 0.9, Double.NaN, Double.NaN), 1.0, 4096))
                .hasValueSatisfying(c -> {
                    assertThat(c.passed()).isTrue();
                    assertThat(c.detail()).contains("heap after GC not known");
                });
        // --heap-growth-share 0.1: a rise of 12 % of the largest heap fails, as it passes at the default 20 %
        SoakWindows twelve = soak(0.8, 0.9, 300, 300 + 0.12 * 4096);
        assertThat(Verdict.growth(twelve, 1.0, 4096))
                .hasValueSatisfying(c -> assertThat(c.passed()).isTrue());
        assertThat(Verdict.growth(twelve, 1.0, 4096, 0.1)).hasValueSatisfying(c -> {
            assertThat(c.passed()).isFalse();
            assertThat(c.detail()).contains("10% of 4096");
        });
        SoakWindows short_ = new SoakWindows(List.of(window(0, W, 0.8, 300), window(W, W + 60, 3.0, 900)));
        assertThat(Verdict.growth(short_, 1.0, 4096)).isEmpty();
    }

    private static SoakWindows soak(double p99First, double p99Last, double heapFirst, double heapLast) {
        return new SoakWindows(List.of(
                window(0, W, p99First, heapFirst),
                window(W, 2 * W, (p99First + p99Last) / 2, heapFirst),
                window(2 * W, 3 * W, p99Last, heapLast),
                window(3 * W, 3 * W + 20, 9.9, 9999)));
    }

    private static SoakWindows.Window window(long from, long to, double p99, double heapMin) {
        return new SoakWindows.Window(
                from, to, p99 + 1, p99, 100, 2000, heapMin, heapMin + 100, 10, 5, 1e6, 1000, List.of());
    }

    private static long at(long second) {
        return START_MILLIS + second * 1000;
    }

    private static void logFile(Path log, String name, int bytes, long atSecond) throws Exception {
        Path f = Files.write(log.resolve(name), new byte[bytes]);
        Files.setLastModifiedTime(f, FileTime.fromMillis(at(atSecond)));
    }
}
