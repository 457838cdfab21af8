package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checks, each a small pure function over numbers the analysis produced: four about the engine
 * (threshold, trend, kept-up, complete) and three about whether the run can be judged at all (load,
 * clean, clocks). An engine passes when every check passes; a failed validity check makes the run
 * invalid rather than failed.
 */
public final class Verdict {
    private Verdict() {}

    /** Fewer seconds after the warm-up than this are too short for a slope. */
    public static final int TREND_MIN_POINTS = 5;

    /**
     * What failing a check says: of the engine (it failed), of the run (it cannot be judged: invalid), of the
     * load's timing (the producer was late; that made the engine's job harder, never easier, so a run that passed
     * everything else stands, and one that failed is undetermined), or of the store (it slowed while the engine's
     * own cost did not: what grew is the store's, and the engine's failure on growth is undetermined).
     */
    public enum Role {
        ENGINE,
        VALIDITY,
        LOAD_TIMING,
        STORE_TIMING;

        /** Says something about what the engine was given, not about the engine. */
        public boolean environment() {
            return this == LOAD_TIMING || this == STORE_TIMING;
        }
    }

    public record Check(String name, boolean passed, String detail, Role role) {
        public Check(String name, boolean passed, String detail) {
            this(name, passed, detail, Role.ENGINE);
        }

        /** {@code invalidates}: failing it says the run cannot be judged (invalid), not that the engine failed. */
        public Check(String name, boolean passed, String detail, boolean invalidates) {
            this(name, passed, detail, invalidates ? Role.VALIDITY : Role.ENGINE);
        }

        public boolean invalidates() {
            return role == Role.VALIDITY;
        }
    }

    /** What the checks add up to, in the order {@link #invalid()}, {@link #passed()}, {@link #undetermined()}. */
    public record Outcome(List<Check> checks) {
        /**
         * Every check about the engine and the run's validity passed. A late load does not take that away: every
         * latency counts from the event's intended time, so the engine kept up with more than was asked of it.
         */
        public boolean passed() {
            return checks.stream().filter(c -> !c.role().environment()).allMatch(Check::passed);
        }

        /** A validity check failed: the figures describe something other than the engine under the offered load. */
        public boolean invalid() {
            return checks.stream().anyMatch(c -> c.invalidates() && !c.passed());
        }

        /** The engine failed a check under a load that came late or a store that slowed: whose fault cannot be told. */
        public boolean undetermined() {
            return !invalid() && !passed() && (lateLoad() || storeSlowed());
        }

        /** The store check failed: the store slowed while the engine's own cost stayed flat. */
        public boolean storeSlowed() {
            return checks.stream().anyMatch(c -> c.role() == Role.STORE_TIMING && !c.passed());
        }

        /** The load's timing check failed (whatever else did). */
        public boolean lateLoad() {
            return checks.stream().anyMatch(c -> c.role() == Role.LOAD_TIMING && !c.passed());
        }

        public List<String> failures() {
            return checks.stream()
                    .filter(c -> !c.passed())
                    .map(c -> c.name() + ": " + c.detail())
                    .toList();
        }
    }

    /** 1. Every per-second max latency (exact, not a histogram bucket) is below the threshold. */
    public static Check threshold(List<SecondBin> bins, double thresholdSeconds) {
        return threshold(bins, thresholdSeconds, LatencyWaterfall.Result.NONE);
    }

    /**
     * As above; a failure also names the stage the worst second's worst record spent most in ("worst 6.10 s at
     * second 47, 4.800 s of it in the engine"), and how many failing seconds were the load's: every record of theirs
     * would have passed had it reached the broker on schedule. That is said, never forgiven: the check still fails.
     */
    public static Check threshold(List<SecondBin> bins, double thresholdSeconds, LatencyWaterfall.Result waterfall) {
        if (bins.isEmpty()) {
            return new Check("threshold", false, "no readings");
        }
        List<SecondBin> over =
                bins.stream().filter(b -> !(b.maxSeconds() < thresholdSeconds)).toList();
        double worst = bins.stream().mapToDouble(SecondBin::maxSeconds).max().orElse(0);
        long censored = bins.stream().mapToLong(SecondBin::censored).sum();
        String lost = censored == 0
                ? ""
                : fmt("; %,d readings never visible, each counted at the drain's end (at least that late)", censored);
        if (over.isEmpty()) {
            return new Check("threshold", true, fmt("max %.2f s < %.1f s", worst, thresholdSeconds) + lost);
        }
        SecondBin worstBin =
                bins.stream().filter(b -> b.maxSeconds() == worst).findFirst().orElseThrow();
        long worstSecond = worstBin.elapsedSecond();
        String stage = waterfall
                .second(worstSecond)
                .map(s -> ", " + waterfall.dominantShare(s))
                .orElse("");
        long thresholdMicros = Math.round(thresholdSeconds * 1e6);
        long loads = over.stream()
                .filter(b -> waterfall
                        .second(b.elapsedSecond())
                        .map(s -> s.loadsFault(thresholdMicros))
                        .orElse(false))
                .count();
        String load = loads == 0
                ? ""
                : fmt(
                        "; %d of them the load's: every record of theirs would have passed had it reached the broker on"
                                + " schedule",
                        loads);
        return new Check(
                "threshold",
                false,
                fmt(
                                "%d of %d seconds at or over %.1f s (worst %.2f s at second %d%s%s)%s",
                                over.size(),
                                bins.size(),
                                thresholdSeconds,
                                worst,
                                worstSecond,
                                worstBin.censored() > 0
                                        ? fmt(", %,d of its readings never visible", worstBin.censored())
                                        : "",
                                stage,
                                load)
                        + lost);
    }

    /**
     * 2. No upward trend: fails when the Theil–Sen slope of per-second max latency after warm-up is at
     * least {@code maxSlope} s/s <em>and</em> the rise it implies over that window is at least
     * {@code minRiseSeconds}. Over a short window the slope of noisy readings alone swings past any small
     * bound (±0.02 s/s over 15 s was seen on a flat run); a real ramp also rises by seconds.
     */
    public static Check trend(List<SecondBin> bins, long warmupSeconds, double maxSlope, double minRiseSeconds) {
        List<double[]> points = steadyPoints(bins, warmupSeconds);
        if (points.size() < TREND_MIN_POINTS) {
            return new Check(
                    "trend",
                    false,
                    fmt("only %d seconds after a %d s warm-up: too short to judge", points.size(), warmupSeconds));
        }
        double slope = TheilSen.slope(points);
        double window = points.get(points.size() - 1)[0] - points.get(0)[0];
        double rise = slope * window;
        boolean rising = slope >= maxSlope && rise >= minRiseSeconds;
        return new Check(
                "trend",
                !rising,
                fmt(
                        "slope %+.4f s/s over %d s, a rise of %+.2f s (fails at >= %.3f s/s " + "and >= %.1f s)",
                        slope, points.size(), rise, maxSlope, minRiseSeconds));
    }

    /** Theil–Sen slope of per-second max latency after warm-up, s/s: the number the trend check judges. */
    public static double steadySlope(List<SecondBin> bins, long warmupSeconds) {
        return TheilSen.slope(steadyPoints(bins, warmupSeconds));
    }

    private static List<double[]> steadyPoints(List<SecondBin> bins, long warmupSeconds) {
        List<double[]> points = new ArrayList<>();
        for (SecondBin b : bins) {
            if (b.elapsedSecond() >= warmupSeconds) {
                points.add(new double[] {b.elapsedSecond(), b.maxSeconds()});
            }
        }
        return points;
    }

    /**
     * 3. Kept up: over the steady window committed records/s at least {@code minRatio} of produced, and
     * the backlog drained: the last record committed within the drain period after the producer stopped.
     */
    public static Check keptUp(
            double producedPerSecond,
            double committedPerSecond,
            double minRatio,
            boolean drained,
            double drainSeconds) {
        double ratio = producedPerSecond > 0 ? committedPerSecond / producedPerSecond : 0;
        boolean ok = ratio >= minRatio && drained;
        String detail = fmt(
                        "committed %.0f/s vs produced %.0f/s (ratio %.3f, need >= %.2f); ",
                        committedPerSecond, producedPerSecond, ratio, minRatio)
                + (drained
                        ? fmt("drained %.1f s after the producer stopped", drainSeconds)
                        : "backlog not drained in time");
        return new Check("kept-up", ok, detail);
    }

    /**
     * 4. Complete: every acknowledged event in the table exactly once, and no row of the warm start or a pre-roll
     * twice (they are not measured, but a duplicate there is the engine's as much as anywhere). Rows never in the
     * table are lost; rows that came only after the drain ended are there (late, not lost), and said apart: the
     * threshold and kept-up checks judge their lateness.
     */
    public static Check complete(Completeness.Result r, long unmeasuredDuplicates) {
        return new Check(
                "complete",
                r.exact() && unmeasuredDuplicates == 0,
                fmt(
                                "%d expected, %d missing (lost: never visible), %d late (visible only after the drain"
                                        + " ended), %d duplicated, %d unexpected",
                                r.expected(), r.missing(), r.late(), r.duplicates(), r.unexpected())
                        + (unmeasuredDuplicates == 0
                                ? ""
                                : fmt("; %d rows of the warm start or a pre-roll duplicated", unmeasuredDuplicates)));
    }

    /** A soak's heap fails the growth check when its live data rose by this share of the largest heap it may take. */
    public static final double HEAP_GROWTH_FRACTION = 0.20;

    /**
     * 4b. Nothing grew over a long run, judged only where the run has two whole windows
     * ({@link TableAnalysis#WINDOW_SECONDS}) or more: from the first whole window to the last, the 99th percentile
     * rose by less than {@code minRiseSeconds} (the trend check's), and the consumer's heap after GC, at its lowest in
     * each (what it kept alive), by less than {@link #HEAP_GROWTH_FRACTION} of {@code maxHeapMiB} (NaN: not known,
     * not judged). The per-second trend check judges a slope; over half an hour a slope too small for it still adds
     * up to seconds.
     */
    public static java.util.Optional<Check> growth(SoakWindows soak, double minRiseSeconds, double maxHeapMiB) {
        return growth(soak, minRiseSeconds, maxHeapMiB, HEAP_GROWTH_FRACTION);
    }

    /** As above, failing at a heap rise of {@code heapShare} of the largest heap instead of {@link #HEAP_GROWTH_FRACTION}. */
    public static java.util.Optional<Check> growth(
            SoakWindows soak, double minRiseSeconds, double maxHeapMiB, double heapShare) {
        List<SoakWindows.Window> whole = soak.whole();
        if (whole.size() < 2) {
            return java.util.Optional.empty();
        }
        SoakWindows.Window first = whole.get(0);
        SoakWindows.Window last = whole.get(whole.size() - 1);
        double p99Rise = last.p99Seconds() - first.p99Seconds();
        double heapRise = last.heapAfterGcMinMiB() - first.heapAfterGcMinMiB();
        boolean heapKnown = !Double.isNaN(heapRise) && !Double.isNaN(maxHeapMiB);
        boolean heapGrew = heapKnown && heapRise >= heapShare * maxHeapMiB;
        String heap = heapKnown
                ? fmt(
                        "heap after GC %.0f -> %.0f MiB (fails at a rise of %.0f MiB, %.0f%% of %.0f)",
                        first.heapAfterGcMinMiB(),
                        last.heapAfterGcMinMiB(),
                        heapShare * maxHeapMiB,
                        heapShare * 100,
                        maxHeapMiB)
                : "heap after GC not known";
        return java.util.Optional.of(new Check(
                "growth",
                p99Rise < minRiseSeconds && !heapGrew,
                fmt(
                        "from the first of %d whole %d s windows to the last: p99 %.2f -> %.2f s (fails at a rise of "
                                + "%.1f s); %s",
                        whole.size(),
                        TableAnalysis.WINDOW_SECONDS,
                        first.p99Seconds(),
                        last.p99Seconds(),
                        minRiseSeconds,
                        heap)));
    }

    /** A probe's median that rose this many times over, and by at least {@link #STORE_SLOWED_MIN_MS}, slowed. */
    static final double STORE_SLOWED_FACTOR = 1.5;

    static final double STORE_SLOWED_MIN_MS = 2.0;
    /** The engine's own cost is steady while its CPU per row and requests per unit rose by less than this share. */
    static final double ENGINE_STEADY_SHARE = 0.25;
    /** The checks a slowing store can fail by itself: what rises over a run, not a single reading or a lost row. */
    private static final java.util.Set<String> GROWTH_CHECKS = java.util.Set.of("growth", "backlog", "trend");

    /**
     * 4c. Store or engine: over a run of two whole windows or more, from the first to the last, did the store slow
     * (the probe's median of any kind of request, or the store's CPU per request, at least
     * {@link #STORE_SLOWED_FACTOR} times and {@link #STORE_SLOWED_MIN_MS} higher) while the engine's own cost stayed
     * flat (CPU per row and storage requests per unit of work within {@link #ENGINE_STEADY_SHARE})? When so, and the
     * only checks the engine failed are those a slowing store fails by itself (growth, backlog, trend), what grew is
     * the store's: this check fails with the store named, and the engine is undetermined, as under a late load. An
     * engine whose CPU per row is not known is never excused. Empty without two whole windows of probe readings.
     */
    public static java.util.Optional<Check> store(StoreWindows store, long windowSeconds, List<Check> checks) {
        List<StoreWindows.Window> whole = store.whole(windowSeconds).stream()
                .filter(w -> !w.probeP50Ms().isEmpty())
                .toList();
        if (whole.size() < 2) {
            return java.util.Optional.empty();
        }
        StoreWindows.Window first = whole.get(0);
        StoreWindows.Window last = whole.get(whole.size() - 1);
        StoreChange storeChange = StoreChange.between(first, last);
        EngineChange engine = EngineChange.between(first, last);
        List<String> failed = checks.stream()
                .filter(c -> !c.passed() && c.role() == Role.ENGINE)
                .map(Check::name)
                .toList();
        boolean storesAlone = !failed.isEmpty() && GROWTH_CHECKS.containsAll(failed);
        boolean storeSlowed = !storeChange.slowed().isEmpty();
        boolean excused = storesAlone && storeSlowed && engine.known() && !engine.grew();
        String verdict;
        if (excused) {
            verdict = "; what grew is the store's, not the engine's: " + String.join(", ", failed) + " undetermined";
        } else if (storeSlowed && !failed.isEmpty()) {
            verdict = engine.grew()
                    ? "; the engine's own cost grew too"
                    : !engine.known()
                            ? "; without the engine's CPU per row the store cannot be blamed"
                            : "; but the engine also failed " + String.join(", ", failed);
        } else {
            verdict = "";
        }
        return java.util.Optional.of(new Check(
                "store",
                !excused,
                fmt("from the first of %d whole windows to the last, ", whole.size()) + storeChange.describe()
                        + "; engine: " + String.join(", ", engine.figures()) + verdict,
                Role.STORE_TIMING));
    }

    /** What changed in the store from one window to another: the figures that rose enough to say it slowed, and the rest. */
    private record StoreChange(List<String> slowed, List<String> steady) {
        static StoreChange between(StoreWindows.Window first, StoreWindows.Window last) {
            List<String> slowed = new ArrayList<>();
            List<String> steady = new ArrayList<>();
            last.probeP50Ms().forEach((kind, after) -> {
                Double before = first.probeP50Ms().get(kind);
                if (before != null) {
                    boolean rose = after >= before * STORE_SLOWED_FACTOR && after - before >= STORE_SLOWED_MIN_MS;
                    (rose ? slowed : steady).add(fmt("%s p50 %.1f -> %.1f ms", kind, before, after));
                }
            });
            double cpuBefore = first.storeCpuMsPerRequest();
            double cpuAfter = last.storeCpuMsPerRequest();
            if (Double.isFinite(cpuBefore) && Double.isFinite(cpuAfter)) {
                boolean rose = cpuBefore > 0
                        && cpuAfter >= cpuBefore * STORE_SLOWED_FACTOR
                        && cpuAfter - cpuBefore >= STORE_SLOWED_MIN_MS;
                (rose ? slowed : steady).add(fmt("its CPU per request %.1f -> %.1f ms", cpuBefore, cpuAfter));
            }
            return new StoreChange(slowed, steady);
        }

        String describe() {
            return slowed.isEmpty()
                    ? "store steady: " + String.join(", ", steady)
                    : "store slowed: " + String.join(", ", slowed)
                            + (steady.isEmpty() ? "" : " (" + String.join(", ", steady) + ")");
        }
    }

    /** The engine's own cost from one window to another: whether its CPU per row is known, and whether it grew. */
    private record EngineChange(boolean known, boolean grew, List<String> figures) {
        static EngineChange between(StoreWindows.Window first, StoreWindows.Window last) {
            List<String> figures = new ArrayList<>();
            boolean known =
                    Double.isFinite(first.consumerCpuMicrosPerRow()) && Double.isFinite(last.consumerCpuMicrosPerRow());
            boolean grew = false;
            if (known) {
                figures.add(fmt(
                        "CPU per row %.2f -> %.2f µs",
                        first.consumerCpuMicrosPerRow(), last.consumerCpuMicrosPerRow()));
                grew = last.consumerCpuMicrosPerRow() > first.consumerCpuMicrosPerRow() * (1 + ENGINE_STEADY_SHARE);
            } else {
                figures.add("CPU per row not known");
            }
            if (Double.isFinite(first.requestsPerUnit()) && Double.isFinite(last.requestsPerUnit())) {
                figures.add(fmt(
                        "storage requests per unit of work %.1f -> %.1f",
                        first.requestsPerUnit(), last.requestsPerUnit()));
                grew |= last.requestsPerUnit() > first.requestsPerUnit() * (1 + ENGINE_STEADY_SHARE);
            }
            return new EngineChange(known, grew, figures);
        }
    }

    /**
     * 5a. The producer delivered the whole load: its schedule completed and no send failed. Otherwise the table
     * cannot hold what the verdict expects: invalid.
     */
    public static Check load(boolean completedSchedule, long failedSends) {
        return new Check(
                "load",
                completedSchedule && failedSends == 0,
                fmt("schedule %s, %d failed sends", completedSchedule ? "completed" : "cut short", failedSends),
                Role.VALIDITY);
    }

    /**
     * 5b. The load came on time: every acknowledgement within {@code maxLagMs} of its event's due time. A late
     * load only made the engine's job harder (latency counts from the intended time): see {@link Role#LOAD_TIMING}.
     */
    public static Check punctual(double maxAckLagMs, double maxLagMs) {
        String bound = Double.isInfinite(maxLagMs)
                ? "not bounded: a fault held the broker back"
                : fmt("bound %.0f ms", maxLagMs);
        return new Check(
                "punctual",
                maxAckLagMs < maxLagMs,
                fmt("slowest ack %.0f ms after its due time (%s)", maxAckLagMs, bound),
                Role.LOAD_TIMING);
    }

    /**
     * 3b. The backlog did not grow: over the steady window, the Theil–Sen slope of the backlog (events acknowledged
     * by the end of each second minus events visible by then), times the window, stays within {@code maxGrowthSeconds}
     * of the offered load. A ratio of committed to produced rates lets an engine 2 % short pass a short trial; the
     * backlog it leaves grows all the same.
     *
     * @param ackedPerSecond   events acknowledged per second of the schedule
     * @param visiblePerSecond measured events that became visible per second of the run (same seconds)
     */
    public static Check backlog(
            long[] ackedPerSecond,
            Map<Long, Long> visiblePerSecond,
            long fromSecond,
            long toSecond,
            double offeredRate,
            double maxGrowthSeconds) {
        List<double[]> points = new ArrayList<>();
        long acked = 0;
        long visible = 0;
        for (long s = 0; s < toSecond; s++) {
            acked += s < ackedPerSecond.length ? ackedPerSecond[(int) s] : 0;
            visible += visiblePerSecond.getOrDefault(s, 0L);
            if (s >= fromSecond) {
                points.add(new double[] {s, acked - visible});
            }
        }
        if (points.size() < TREND_MIN_POINTS || !(offeredRate > 0)) {
            return new Check("backlog", true, fmt("not judged: only %d steady seconds", points.size()));
        }
        double slope = TheilSen.slope(points);
        double growth = slope * (points.get(points.size() - 1)[0] - points.get(0)[0]);
        double growthSeconds = growth / offeredRate;
        return new Check(
                "backlog",
                growthSeconds <= maxGrowthSeconds,
                fmt(
                        "grew by %.2f s of load over %d s (%+,.0f events/s; fails above %.2f s)",
                        growthSeconds, points.size(), slope, maxGrowthSeconds));
    }

    /**
     * 8. Every measured row's ts is where its producer's schedule put it (within the tolerance). A writer that put
     * another time there (Kafka's, its own processing time) would hide the producer's lateness: invalid.
     */
    public static Check schedule(ScheduleCheck.Result r) {
        if (r.checked() == 0) {
            return new Check("schedule", true, "not checked: the producer summary has no schedule", Role.VALIDITY);
        }
        if (r.off() == 0) {
            return new Check(
                    "schedule",
                    true,
                    fmt("every ts of %,d rows on its schedule (within %d µs)", r.checked(), r.toleranceMicros()),
                    Role.VALIDITY);
        }
        return new Check(
                "schedule",
                false,
                fmt(
                        "ts rewritten by the writer: %,d of %,d rows off their schedule by more than %d µs, the worst by "
                                + "%+.3f s, e.g. %s",
                        r.off(),
                        r.checked(),
                        r.toleranceMicros(),
                        r.worstOffMicros() / 1e6,
                        String.join("; ", r.examples())),
                Role.VALIDITY);
    }

    /** 6. Clean: the table holds only what the run's producers acknowledged. */
    public static Check clean(ForeignRows foreign) {
        if (foreign.count() == 0) {
            return new Check("clean", true, "no foreign records", true);
        }
        return new Check(
                "clean",
                false,
                fmt(
                        "topic contaminated by %d foreign records, e.g. %s",
                        foreign.count(), String.join("; ", foreign.examples())),
                true);
    }

    /**
     * Storage requests a writer may make between reading its clock for a commit's timestamp and its commit file
     * becoming visible, the harness's own look included. Delta Kernel's commit through hadoop-azure's log store
     * took 13-14 request times (the soonest-found commit 154, 286 and 580 ms after its timestamp with every request
     * held 10, 20 and 40 ms), Spark's one or two; 20 leaves room for requests slower than the tail's median.
     */
    public static final int WRITER_REQUESTS_AFTER_STAMP = 20;

    /**
     * 7. Clocks agree within {@code toleranceMs}: no record committed before it was due (the writer's clock behind
     * the producer's), no commit seen by the harness before its own timestamp (the writer's clock ahead of the
     * harness's), and not every commit found later than its timestamp plus a poll interval and the store's round
     * trips (the writer's clock behind the harness's: a constant offset shows in every commit, a slow request only
     * in some, so the soonest-found commit decides). The round trips are {@link #WRITER_REQUESTS_AFTER_STAMP}
     * requests as long as the tail's own looks took: on a store tens of milliseconds away a commit's requests after
     * its timestamp are not a clock behind, and the check there sees only offsets larger than them.
     *
     * @param negativeRecords     records whose commit timestamp is before their ts
     * @param worstNegativeMicros the most negative latency to the commit timestamp, µs (0 if none)
     * @param seenMinusCommitMs   found-minus-written gap of the commit found soonest, when the harness tailed
     * @param pollMs              the tail's poll interval: how late a commit may be found anyway
     * @param storeRequestMs      the median time of the tail's looks that found a commit (one storage request
     *                            each), ms; NaN when not measured
     */
    public static Check clocks(
            long negativeRecords,
            long worstNegativeMicros,
            java.util.OptionalLong seenMinusCommitMs,
            long toleranceMs,
            long pollMs,
            double storeRequestMs) {
        return clocks(
                negativeRecords,
                worstNegativeMicros,
                seenMinusCommitMs,
                toleranceMs,
                pollMs,
                storeRequestMs,
                WRITER_REQUESTS_AFTER_STAMP);
    }

    /** As above, allowing {@code writerRequests} storage requests instead of {@link #WRITER_REQUESTS_AFTER_STAMP}. */
    public static Check clocks(
            long negativeRecords,
            long worstNegativeMicros,
            java.util.OptionalLong seenMinusCommitMs,
            long toleranceMs,
            long pollMs,
            double storeRequestMs,
            int writerRequests) {
        long requestsMs = Double.isNaN(storeRequestMs) ? 0 : Math.round(writerRequests * Math.max(0, storeRequestMs));
        String allowance = Double.isNaN(storeRequestMs)
                ? fmt(
                        "allowed up to %d ms: the tail's %d ms between looks and the tolerance",
                        pollMs + toleranceMs, pollMs)
                : fmt(
                        "allowed up to %d ms: the tail's %d ms between looks, %d storage requests of %.1f ms (the "
                                + "median of its own looks) and the tolerance",
                        pollMs + requestsMs + toleranceMs, pollMs, writerRequests, storeRequestMs);
        List<String> problems = new ArrayList<>();
        if (-worstNegativeMicros > toleranceMs * 1000) {
            problems.add(fmt(
                    "writer clock at least %.3f s behind the producer (%d records committed before they were due)",
                    -worstNegativeMicros / 1e6, negativeRecords));
        }
        if (seenMinusCommitMs.isPresent() && -seenMinusCommitMs.getAsLong() > toleranceMs) {
            problems.add(fmt(
                    "writer clock at least %.3f s ahead of the harness (a commit seen before its timestamp)",
                    -seenMinusCommitMs.getAsLong() / 1e3));
        }
        if (seenMinusCommitMs.isPresent() && seenMinusCommitMs.getAsLong() > pollMs + requestsMs + toleranceMs) {
            problems.add(fmt(
                    "writer clock about %.3f s behind the harness (even the soonest-found commit appeared %d ms after "
                            + "its timestamp; %s)",
                    (seenMinusCommitMs.getAsLong() - pollMs - requestsMs) / 1e3,
                    seenMinusCommitMs.getAsLong(),
                    allowance));
        }
        if (!problems.isEmpty()) {
            return new Check(
                    "clocks", false, String.join("; ", problems) + fmt(" (tolerance %d ms)", toleranceMs), true);
        }
        String seen = seenMinusCommitMs.isPresent()
                ? fmt(
                        ", commits found %d ms or more after their timestamp (%s)",
                        seenMinusCommitMs.getAsLong(), allowance)
                : "";
        String negatives = negativeRecords == 0
                ? "no negative latency"
                : fmt("%d negative latencies, the worst %.0f ms", negativeRecords, worstNegativeMicros / 1e3);
        return new Check("clocks", true, negatives + fmt(" (tolerance %d ms)", toleranceMs) + seen, true);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
