package streambench.harness.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import streambench.harness.analysis.BatchAnatomy;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.SoakWindows;
import streambench.harness.analysis.StoreWindows;
import streambench.harness.analysis.TableAnalysis;
import streambench.harness.analysis.Verdict;
import streambench.harness.fault.FaultRun;
import streambench.services.ProducerReport;

/**
 * The verdict over an analysed table, the last phase of a turn and the whole of the {@code analyze} command: every
 * check of {@link Verdict} over the figures of the table and the producer's summary, then the engine's result.
 *
 * <p>With faults, threshold and trend judge the seconds before the first timed fault (the engine was healthy under
 * load), each fault adds whether the engine came back under the threshold, poison adds the malformed count, and a
 * broker restart lifts the producer's acknowledgement bound (its sends wait for the broker by design).
 */
public final class RunJudge {
    private RunJudge() {}

    /** The figures the checks and the result share, computed once. */
    private record Figures(
            long[] acked,
            double produced,
            double committed,
            Completeness.Result complete,
            double drainSeconds,
            boolean drained,
            OptionalLong firstFault,
            List<SecondBin> judged) {}

    public static EngineResult judge(
            Engine engine, RunInfo info, Map<String, String> knobs, TableAnalysis.Result r, MeasuredTurn turn) {
        return judge(engine, info, knobs, r, turn, (from, to) -> Optional.empty());
    }

    /**
     * @param anatomy the consumer's units of work between two epoch ms (its telemetry), for the store's windows
     */
    public static EngineResult judge(
            Engine engine,
            RunInfo info,
            Map<String, String> knobs,
            TableAnalysis.Result r,
            MeasuredTurn turn,
            BiFunction<Long, Long, Optional<BatchAnatomy>> anatomy) {
        Figures f = figures(info, r, turn);
        List<Verdict.Check> checks = checks(info, r, turn, f);
        long start = turn.producer().startMicros();
        SoakWindows soak = SoakWindows.of(r.windows(), r.growth(), memory(turn), start)
                .withStore(StoreWindows.of(
                        r.windows(), start, turn.storeProbe(), cpu(turn, "azurite"), cpu(turn, "consumer"), anatomy));
        double maxHeapMiB = turn.consumerJvm().map(j -> (double) j.maxHeapMiB()).orElse(Double.NaN);
        Verdict.growth(
                        soak,
                        info.trendMinRiseSeconds(),
                        maxHeapMiB,
                        info.measurement().bounds().heapGrowthShare())
                .ifPresent(checks::add);
        List<FaultRun.Outcome> outcomes = turn.faultRun().outcomes(r.bins(), info.thresholdSeconds(), turn.crashed());
        checks.addAll(turn.faultRun().checks(outcomes));
        Verdict.store(soak.store(), TableAnalysis.WINDOW_SECONDS, checks).ifPresent(checks::add);
        Verdict.Outcome verdict = new Verdict.Outcome(List.copyOf(checks));
        ProducerReport producer = turn.producer();
        return new EngineResult(
                engine.id(),
                engine.label(),
                true,
                Optional.empty(),
                producer.startMicros(),
                r.bins(),
                r.whole(),
                r.maxSeconds(),
                r.commits(),
                Optional.of(producer),
                Optional.of(f.complete()),
                r.foreign().count(),
                r.foreign().examples(),
                f.produced(),
                f.committed(),
                Verdict.steadySlope(r.bins(), info.warmupSeconds()),
                turn.malformed(),
                r.negativeLatencies(),
                r.worstNegativeMicros(),
                turn.processes(),
                knobs,
                outcomes,
                turn.faultRun().poisoned() ? turn.faultRun().poisonAcked() : -1,
                verdict,
                verdict.passed() ? "" : turn.logTail(),
                WarmStart.inTable(info.warmStartSeconds(), r.warmStartRows()),
                Optional.empty(),
                turn.consumerJvm(),
                r.commitBins(),
                r.waterfall(),
                soak,
                java.util.List.of());
    }

    /** A process's CPU as the sampler read it; empty when it was not watched (a store that is not on this machine). */
    private static List<StoreWindows.CpuReading> cpu(MeasuredTurn turn, String process) {
        return turn.processes().getOrDefault(process, List.of()).stream()
                .map(s -> new StoreWindows.CpuReading(s.epochMillis(), s.cpuPercent()))
                .toList();
    }

    /** The consumer's memory as the sampler read it; a restarted consumer's readings follow the first's. */
    private static List<SoakWindows.MemoryReading> memory(MeasuredTurn turn) {
        return turn.processes().getOrDefault("consumer", List.of()).stream()
                .map(s -> new SoakWindows.MemoryReading(s.epochMillis(), s.rssMiB(), s.heapAfterGcMiB()))
                .toList();
    }

    private static Figures figures(RunInfo info, TableAnalysis.Result r, MeasuredTurn turn) {
        ProducerReport producer = turn.producer();
        long window = info.durationSeconds();
        long[] acked = producer.ackedBySecond().orElseGet(() -> offeredPerSecond(producer, window));
        Completeness.Result complete =
                r.completeness().against(producer.expectedRanges()).withLate(r.lateRows());
        long scheduleEndMillis = producer.scheduleEndMicros(window) / 1000;
        double drainSeconds =
                r.lastCommitMillis() < 0 ? Double.NaN : (r.lastCommitMillis() - scheduleEndMillis) / 1000.0;
        boolean drained = !turn.crashed() && complete.missing() == 0 && drainSeconds <= info.drainTimeoutSeconds();
        OptionalLong firstFault = turn.faultRun().firstReachedSecond(info.thresholdSeconds());
        List<SecondBin> judged = firstFault.isEmpty()
                ? r.bins()
                : r.bins().stream()
                        .filter(b -> b.elapsedSecond() < firstFault.getAsLong())
                        .toList();
        return new Figures(
                acked,
                TableAnalysis.producedRate(acked, info.warmupSeconds(), window),
                r.committedCurve().rate(info.warmupSeconds(), window),
                complete,
                drainSeconds,
                drained,
                firstFault,
                judged);
    }

    private static List<Verdict.Check> checks(RunInfo info, TableAnalysis.Result r, MeasuredTurn turn, Figures f) {
        ProducerReport producer = turn.producer();
        OptionalLong minGap = r.commits().stream()
                .filter(c -> c.observedMillis() >= 0)
                .mapToLong(c -> c.observedMillis() - c.commitMillis())
                .min();
        List<Verdict.Check> checks = new ArrayList<>(List.of(
                threshold(f.judged(), info, f.firstFault(), r.waterfall()),
                trend(f.judged(), info, f.firstFault()),
                Verdict.keptUp(
                        f.produced(), f.committed(), info.keepUpRatio(), f.drained(), Math.max(0, f.drainSeconds())),
                Verdict.backlog(
                        f.acked(),
                        r.committedBySecond(),
                        info.warmupSeconds(),
                        f.firstFault().orElse(info.durationSeconds()),
                        info.rate(),
                        info.measurement().backlogGrowthSeconds()),
                Verdict.complete(f.complete(), r.reservedDuplicates()),
                Verdict.load(producer.completedSchedule(), producer.failed()),
                Verdict.punctual(
                        producer.maxAckLagMs(),
                        turn.faultRun().brokerRestarted()
                                ? Double.POSITIVE_INFINITY
                                : info.measurement().bounds().ackBoundMs()),
                Verdict.clean(r.foreign()),
                Verdict.schedule(r.schedule()),
                Verdict.clocks(
                        r.negativeLatencies(),
                        r.worstNegativeMicros(),
                        minGap,
                        info.clockToleranceMs(),
                        info.measurement().visibilityPollMs(),
                        storeRequestMs(r.commits()),
                        info.measurement().bounds().clockRequests())));
        if (turn.crashed()) {
            checks.add(new Verdict.Check("ran", false, "the consumer exited on its own during the run"));
        }
        return checks;
    }

    /**
     * The median time of the tail's looks that found a commit, ms (NaN without any): one storage request each, as a
     * reader of the table meets the store.
     */
    static double storeRequestMs(List<CommitRow> commits) {
        long[] looks = commits.stream()
                .mapToLong(CommitRow::lookMillis)
                .filter(ms -> ms >= 0)
                .sorted()
                .toArray();
        if (looks.length == 0) {
            return Double.NaN;
        }
        int mid = looks.length / 2;
        return looks.length % 2 == 1 ? looks[mid] : (looks[mid - 1] + looks[mid]) / 2.0;
    }

    /** Before the first fault's reach, as in any run; nothing to judge when the first fault reaches second 0. */
    private static Verdict.Check threshold(
            List<SecondBin> judged,
            RunInfo info,
            OptionalLong firstFault,
            streambench.harness.analysis.LatencyWaterfall.Result waterfall) {
        if (firstFault.isPresent() && judged.isEmpty()) {
            return new Verdict.Check(
                    "threshold",
                    true,
                    String.format(
                            Locale.ROOT,
                            "not judged: the first fault reaches back to second %d; its own check judges from there",
                            firstFault.getAsLong()));
        }
        return Verdict.threshold(judged, info.thresholdSeconds(), waterfall);
    }

    /**
     * Before a fault the trend is judged like any run's; when the first fault comes too soon after the warm-up
     * for a slope, the check says so and passes: a fault run is judged by its recoveries.
     */
    private static Verdict.Check trend(List<SecondBin> judged, RunInfo info, OptionalLong firstFault) {
        Verdict.Check trend =
                Verdict.trend(judged, info.warmupSeconds(), info.trendBound(), info.trendMinRiseSeconds());
        long steady = judged.stream()
                .filter(b -> b.elapsedSecond() >= info.warmupSeconds())
                .count();
        if (firstFault.isPresent() && steady < Verdict.TREND_MIN_POINTS) {
            return new Verdict.Check(
                    "trend",
                    true,
                    String.format(
                            Locale.ROOT,
                            "not judged: %d s between the %d s warm-up and the first fault's reach at second %d",
                            steady,
                            info.warmupSeconds(),
                            firstFault.getAsLong()));
        }
        return trend;
    }

    /** A summary from before per-second acknowledgements: the schedule's rate is the best stand-in. */
    private static long[] offeredPerSecond(ProducerReport producer, long seconds) {
        long[] out = new long[(int) seconds];
        java.util.Arrays.fill(out, producer.targetRate());
        return out;
    }
}
