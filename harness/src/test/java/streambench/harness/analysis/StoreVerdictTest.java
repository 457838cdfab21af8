package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Store or engine, on hand-made windows: which of the two slowed decides whose a failure on growth is. */
class StoreVerdictTest {
    private static final long W = TableAnalysis.WINDOW_SECONDS;

    private static StoreWindows.Window window(int i, double listMs, double cpuMsPerRequest, double cpuUsPerRow) {
        return new StoreWindows.Window(
                i * W,
                (i + 1) * W,
                new TreeMap<>(Map.of("HEAD", 1.0, "LIST", listMs)),
                new TreeMap<>(Map.of("HEAD", 2.0, "LIST", listMs * 2)),
                0,
                30,
                cpuMsPerRequest,
                cpuUsPerRow,
                37.5);
    }

    private static StoreWindows windows(StoreWindows.Window... w) {
        return new StoreWindows(List.of(w));
    }

    private static final Verdict.Check GROWTH_FAILED = new Verdict.Check("growth", false, "p99 1.1 -> 2.6 s");
    private static final Verdict.Check BACKLOG_FAILED = new Verdict.Check("backlog", false, "grew by 0.8 s");
    private static final Verdict.Check THRESHOLD_PASSED = new Verdict.Check("threshold", true, "max 3.2 s");
    private static final Verdict.Check THRESHOLD_FAILED = new Verdict.Check("threshold", false, "max 6.2 s");

    private static Verdict.Outcome outcome(StoreWindows store, Verdict.Check... engineChecks) {
        List<Verdict.Check> checks = new ArrayList<>(List.of(engineChecks));
        Verdict.store(store, W, checks).ifPresent(checks::add);
        return new Verdict.Outcome(checks);
    }

    @Test
    void aStoreThatSlowedUnderAnEngineWhoseCostStayedFlatMakesItsGrowthUndetermined() {
        StoreWindows store = windows(window(0, 3.0, 2.2, 4.6), window(1, 8.0, 6.0, 4.7), window(2, 14.0, 10.5, 4.7));
        Verdict.Outcome o = outcome(store, THRESHOLD_PASSED, GROWTH_FAILED, BACKLOG_FAILED);
        Verdict.Check check = o.checks().get(o.checks().size() - 1);
        assertThat(check.name()).isEqualTo("store");
        assertThat(check.passed()).isFalse();
        assertThat(check.role()).isEqualTo(Verdict.Role.STORE_TIMING);
        assertThat(check.detail())
                .isEqualTo("from the first of 3 whole windows to the last, store slowed: LIST p50 3.0 -> 14.0 ms, its"
                        + " CPU per request 2.2 -> 10.5 ms (HEAD p50 1.0 -> 1.0 ms); engine: CPU per row 4.60 -> 4.70"
                        + " µs, storage requests per unit of work 37.5 -> 37.5; what grew is the store's, not the"
                        + " engine's: growth, backlog undetermined");
        assertThat(o.passed()).isFalse();
        assertThat(o.undetermined()).isTrue();
        assertThat(o.storeSlowed()).isTrue();
        assertThat(o.lateLoad()).isFalse();
    }

    @Test
    void anEngineWhoseOwnCostGrewFailsWhateverTheStoreDid() {
        StoreWindows store = windows(window(0, 3.0, 2.2, 4.6), window(1, 14.0, 10.5, 7.0));
        Verdict.Outcome o = outcome(store, THRESHOLD_PASSED, GROWTH_FAILED);
        assertThat(o.undetermined()).isFalse();
        assertThat(o.passed()).isFalse();
        assertThat(o.checks().get(2).passed()).isTrue();
        assertThat(o.checks().get(2).detail()).endsWith("; the engine's own cost grew too");
    }

    @Test
    void aSteadyStoreLeavesAGrowthFailureTheEngines() {
        StoreWindows store = windows(window(0, 3.0, 2.2, 4.6), window(1, 3.4, 2.3, 4.6));
        Verdict.Outcome o = outcome(store, THRESHOLD_PASSED, GROWTH_FAILED);
        assertThat(o.undetermined()).isFalse();
        assertThat(o.checks().get(2).passed()).isTrue();
        assertThat(o.checks().get(2).detail()).contains("store steady: HEAD p50 1.0 -> 1.0 ms, LIST p50 3.0 -> 3.4 ms");
    }

    @Test
    void aSlowedStoreDoesNotExcuseAReadingOverTheThreshold() {
        StoreWindows store = windows(window(0, 3.0, 2.2, 4.6), window(1, 14.0, 10.5, 4.6));
        Verdict.Outcome o = outcome(store, THRESHOLD_FAILED, GROWTH_FAILED);
        assertThat(o.undetermined()).isFalse();
        assertThat(o.checks().get(2).passed()).isTrue();
        assertThat(o.checks().get(2).detail()).endsWith("; but the engine also failed threshold, growth");
    }

    @Test
    void anEngineWhoseCpuPerRowIsNotKnownIsNeverExcused() {
        StoreWindows store = windows(window(0, 3.0, 2.2, Double.NaN), window(1, 14.0, 10.5, Double.NaN));
        Verdict.Outcome o = outcome(store, THRESHOLD_PASSED, GROWTH_FAILED);
        assertThat(o.undetermined()).isFalse();
        assertThat(o.checks().get(2).detail()).endsWith("without the engine's CPU per row the store cannot be blamed");
    }

    @Test
    void aSmallRiseOnAFastStoreIsNotASlowdown() {
        // 0.5 -> 1.2 ms is more than half again, but under the 2 ms a slowdown must also add
        StoreWindows store = windows(window(0, 0.5, Double.NaN, 4.6), window(1, 1.2, Double.NaN, 4.6));
        assertThat(outcome(store, GROWTH_FAILED).undetermined()).isFalse();
    }

    @Test
    void theStoresCpuPerRequestMustRiseByTwoMillisecondsToo() {
        // 0.2 -> 0.3 ms a request is half again, and nothing a store would be blamed for; 2.2 -> 10.5 ms is
        StoreWindows small = windows(window(0, 3.0, 0.2, 4.6), window(1, 3.0, 0.3, 4.6));
        assertThat(outcome(small, GROWTH_FAILED).undetermined()).isFalse();
        StoreWindows large = windows(window(0, 3.0, 2.2, 4.6), window(1, 3.0, 10.5, 4.6));
        assertThat(outcome(large, GROWTH_FAILED).undetermined()).isTrue();
    }

    @Test
    void fewerThanTwoWholeWindowsAreNotJudged() {
        StoreWindows one = windows(
                window(0, 3.0, 2.2, 4.6),
                new StoreWindows.Window(W, W + 60, Map.of("LIST", 30.0), Map.of("LIST", 30.0), 0, 30, 20, 4.6, 37.5));
        assertThat(Verdict.store(one, W, List.of(GROWTH_FAILED))).isEqualTo(Optional.empty());
        assertThat(Verdict.store(StoreWindows.NONE, W, List.of(GROWTH_FAILED))).isEmpty();
    }

    @Test
    void windowsTakeTheProbesMediansTheStoresCpuPerRequestAndTheEnginesCpuPerRow() {
        long start = 1_800_000_000_000_000L;
        long t0 = start / 1000;
        List<LatencyWindow> latency = List.of(new LatencyWindow(0, W, 1.2, 0.9, 60_000_000));
        List<StoreWindows.ProbeReading> probe = List.of(
                new StoreWindows.ProbeReading(t0 + 1_000, "LIST", 2_000, false),
                new StoreWindows.ProbeReading(t0 + 6_000, "LIST", 4_000, false),
                new StoreWindows.ProbeReading(t0 + 11_000, "LIST", 9_000, false),
                new StoreWindows.ProbeReading(t0 + 16_000, "LIST", 60_000, true), // failed: counted, not timed
                new StoreWindows.ProbeReading(t0 + W * 1000 + 1, "LIST", 100_000, false)); // the next window's
        List<StoreWindows.CpuReading> store =
                List.of(new StoreWindows.CpuReading(t0 + 1_000, 20), new StoreWindows.CpuReading(t0 + 2_000, 40));
        List<StoreWindows.CpuReading> consumer = List.of(new StoreWindows.CpuReading(t0 + 1_000, 100));
        // 300 units of 37.5 requests in the window: 11,250 requests
        BatchAnatomy units = new BatchAnatomy(300, 200_000, Map.of(), Map.of(), Map.of("total", 37.5));
        StoreWindows w = StoreWindows.of(latency, start, probe, store, consumer, (from, to) -> Optional.of(units));
        StoreWindows.Window first = w.windows().get(0);
        assertThat(first.probeP50Ms()).containsEntry("LIST", 4.0);
        assertThat(first.probeMaxMs()).containsEntry("LIST", 9.0);
        assertThat(first.probeFailures()).isEqualTo(1);
        assertThat(first.storeCpuPercent()).isEqualTo(30.0);
        // 0.3 of a core for 300 s is 90,000 ms of CPU over 11,250 requests
        assertThat(first.storeCpuMsPerRequest()).isEqualTo(8.0);
        // one core for 300 s over 60,000,000 rows
        assertThat(first.consumerCpuMicrosPerRow()).isEqualTo(5.0);
        assertThat(first.requestsPerUnit()).isEqualTo(37.5);
        assertThat(StoreWindows.of(latency, start, List.of(), store, consumer, (a, b) -> Optional.empty()))
                .isEqualTo(StoreWindows.NONE);
    }
}
