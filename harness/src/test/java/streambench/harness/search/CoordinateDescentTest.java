package streambench.harness.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.harness.search.CoordinateDescent.Decision;
import streambench.harness.search.CoordinateDescent.Noise;
import streambench.harness.search.CoordinateDescent.Result;
import streambench.harness.search.CoordinateDescent.Stop;
import streambench.harness.search.CoordinateDescent.Trial;
import streambench.harness.search.ModelEngine.Reading;
import streambench.harness.search.SearchSpace.Dimension;

class CoordinateDescentTest {
    private static final Map<String, String> BASELINE =
            Map.of("TRIGGER_INTERVAL", "0s", "SHUFFLE_PARTITIONS", "2", "WHOLE_STAGE_CODEGEN", "true");

    private static SearchSpace space(Dimension... dimensions) {
        return SearchSpace.of("test", List.of(dimensions));
    }

    private static Dimension dim(String knob, String... values) {
        return new Dimension(knob, List.of(values), "why not");
    }

    private static CoordinateDescent.Builder descent(SearchSpace space, ModelEngine engine) {
        return CoordinateDescent.builder()
                .baseline(BASELINE)
                .space(space)
                .rate(10_000)
                .runner(engine);
    }

    private static boolean is(Map<String, String> knobs, String knob, String value) {
        return value.equals(knobs.get(knob));
    }

    private static void assertNoise(Result r, double latencySeconds, double cpuCores) {
        Noise noise = r.noise().orElseThrow();
        assertThat(noise.latencySeconds()).as("noise on the max").isCloseTo(latencySeconds, within(1e-9));
        assertThat(noise.cpuCores()).as("noise on CPU").isCloseTo(cpuCores, within(1e-9));
    }

    private static List<Decision> decisions(Result r) {
        return r.trials().stream().map(Trial::decision).toList();
    }

    @Test
    void keepsAChangeThatLowersTheMaxAndRevertsOneThatDoesNothing() throws IOException {
        ModelEngine engine =
                new ModelEngine((trial, k, rate) -> new Reading(is(k, "TRIGGER_INTERVAL", "2s") ? 3.0 : 4.0, 1.0));
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s"), dim("SHUFFLE_PARTITIONS", "8")), engine)
                .build()
                .run();

        assertThat(decisions(r))
                .containsExactly(Decision.BASELINE, Decision.BASELINE, Decision.KEPT, Decision.REVERTED);
        assertThat(r.trials().get(2).reason()).isEqualTo("max 3.00 s, 1.00 s below the best 4.00 s (noise 0.20 s)");
        assertThat(r.trials().get(3).changed())
                .containsExactly(Map.entry("TRIGGER_INTERVAL", "2s"), Map.entry("SHUFFLE_PARTITIONS", "8"));
        assertThat(r.trials().get(3).reason()).startsWith("within the noise: max 3.00 s vs 3.00 s");
        assertThat(r.bestChanges()).containsExactly(Map.entry("TRIGGER_INTERVAL", "2s"));
        assertThat(r.bestKnobs())
                .containsEntry("TRIGGER_INTERVAL", "2s")
                .containsEntry("SHUFFLE_PARTITIONS", "2")
                .containsEntry("WHOLE_STAGE_CODEGEN", "true");
        assertThat(r.bestOutcome().orElseThrow().maxLatencySeconds()).isEqualTo(3.0);
        assertThat(r.stop()).isEqualTo(Stop.CONVERGED);
        assertThat(engine.knobsRun.subList(2, engine.trials()))
                .as("a knob set already tried is not run again")
                .doesNotHaveDuplicates()
                .doesNotContain(BASELINE);
    }

    @Test
    void theBaselineRunsTwiceAndTheirDifferenceIsTheNoise() throws IOException {
        ModelEngine engine =
                new ModelEngine((trial, k, rate) -> new Reading(trial == 1 ? 4.0 : 4.6, trial == 1 ? 1.0 : 1.3));
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s")), engine).build().run();

        assertNoise(r, 0.6, 0.3);
        assertThat(r.trials().get(0).reason()).isEqualTo("baseline, run 1 of 2");
        assertThat(r.trials().get(1).reason())
                .isEqualTo("baseline, run 2 of 2: noise 0.60 s on the max, 0.30 cores on CPU");
        assertThat(r.trials().subList(0, 2))
                .allMatch(
                        t -> t.round() == 0 && t.knob().isEmpty() && t.changed().isEmpty());
    }

    @Test
    void twoBaselineRunsThatAgreeByLuckStillLeaveTheNoiseFloor() throws IOException {
        ModelEngine engine =
                new ModelEngine((trial, k, rate) -> new Reading(is(k, "TRIGGER_INTERVAL", "2s") ? 3.85 : 4.0, 1.0));
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s")), engine).build().run();

        assertNoise(r, 0.2, 0.05); // 5 % of 4.0 s; the 0.05-core floor
        assertThat(decisions(r).get(2)).isEqualTo(Decision.REVERTED);

        Result lowFloor = descent(
                        space(dim("TRIGGER_INTERVAL", "2s")),
                        new ModelEngine(
                                (trial, k, rate) -> new Reading(is(k, "TRIGGER_INTERVAL", "2s") ? 3.85 : 4.0, 1.0)))
                .noiseFloor(0.01, 0.1, 0.05)
                .build()
                .run();
        assertNoise(lowFloor, 0.1, 0.05);
        assertThat(decisions(lowFloor).get(2)).isEqualTo(Decision.KEPT);
    }

    @Test
    void anImprovementSmallerThanTheNoiseIsReverted() throws IOException {
        // baseline 4.0 s then 4.3 s: noise 0.3 s; the better run, 4.0 s, is the one to beat
        ModelEngine engine = new ModelEngine((trial, k, rate) -> {
            if (is(k, "SHUFFLE_PARTITIONS", "8")) {
                return new Reading(3.6, 1.0);
            }
            if (is(k, "TRIGGER_INTERVAL", "2s")) {
                return new Reading(3.8, 1.0);
            }
            return new Reading(trial == 2 ? 4.3 : 4.0, 1.0);
        });
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s"), dim("SHUFFLE_PARTITIONS", "8")), engine)
                .build()
                .run();

        assertNoise(r, 0.3, 0.05);
        assertThat(decisions(r)).startsWith(Decision.BASELINE, Decision.BASELINE, Decision.REVERTED, Decision.KEPT);
        assertThat(r.trials().get(2).reason())
                .isEqualTo("within the noise: max 3.80 s vs 4.00 s (noise 0.30 s),"
                        + " CPU 1.00 vs 1.00 cores (noise 0.05)");
        assertThat(r.bestChanges()).containsExactly(Map.entry("SHUFFLE_PARTITIONS", "8"));
    }

    @Test
    void aPassBeatsAFailureWhateverTheLatencies() throws IOException {
        // the baseline's max is low but it falls behind; a trigger interval keeps up at a higher max
        ModelEngine engine = new ModelEngine((trial, k, rate) -> {
            if (is(k, "TRIGGER_INTERVAL", "2s")) {
                return is(k, "SHUFFLE_PARTITIONS", "8") ? new Reading(1.5, 1.0, false) : new Reading(3.5, 1.0);
            }
            return new Reading(2.0, 1.0, false);
        });
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s"), dim("SHUFFLE_PARTITIONS", "8")), engine)
                .build()
                .run();

        assertThat(r.trials().get(0).outcome().passed()).isFalse();
        assertThat(r.bestOutcome().orElseThrow().passed()).isTrue();
        assertThat(decisions(r))
                .containsExactly(Decision.BASELINE, Decision.BASELINE, Decision.KEPT, Decision.REVERTED);
        assertThat(r.trials().get(2).reason()).isEqualTo("passes every check; the best so far did not");
        assertThat(r.trials().get(3).reason()).isEqualTo("fails kept-up; the best so far passes");
        assertThat(r.bestChanges()).containsExactly(Map.entry("TRIGGER_INTERVAL", "2s"));
    }

    @Test
    void consumerCpuBreaksATieInTheMax() throws IOException {
        // baseline 3.0 s on 1.5 cores: noise 0.15 s (5 %) and 0.075 cores (5 %)
        ModelEngine engine = new ModelEngine((trial, k, rate) -> {
            if (is(k, "WHOLE_STAGE_CODEGEN", "false")) {
                return new Reading(3.3, 0.5); // cheaper but slower: latency comes first
            }
            if (is(k, "SHUFFLE_PARTITIONS", "8")) {
                return new Reading(3.1, 1.47); // within the noise on both
            }
            if (is(k, "TRIGGER_INTERVAL", "2s")) {
                return new Reading(3.05, 1.0); // as fast, on a third less CPU
            }
            return new Reading(3.0, 1.5);
        });
        Result r = descent(
                        space(
                                dim("TRIGGER_INTERVAL", "2s"),
                                dim("SHUFFLE_PARTITIONS", "8"),
                                dim("WHOLE_STAGE_CODEGEN", "false")),
                        engine)
                .build()
                .run();

        assertNoise(r, 0.15, 0.075);
        assertThat(decisions(r))
                .containsExactly(
                        Decision.BASELINE, Decision.BASELINE, Decision.KEPT, Decision.REVERTED, Decision.REVERTED);
        assertThat(r.trials().get(2).reason())
                .isEqualTo(
                        "max 3.05 s within the noise of 3.00 s; CPU 1.00 cores, 0.50 below the best 1.50 (noise 0.08)");
        assertThat(r.trials().get(3).reason()).startsWith("within the noise: max 3.10 s vs 3.05 s");
        assertThat(r.trials().get(4).reason()).isEqualTo("max 3.30 s, 0.25 s above the best 3.05 s (noise 0.15 s)");
        assertThat(r.bestChanges()).containsExactly(Map.entry("TRIGGER_INTERVAL", "2s"));
    }

    /** Spark-like: a longer trigger only helps once batches may grow; the cap is declared after it. */
    private static ModelEngine interacting() {
        return new ModelEngine((trial, k, rate) -> {
            boolean longTrigger = is(k, "TRIGGER_INTERVAL", "2s");
            boolean uncapped = is(k, "MAX_OFFSETS_PER_TRIGGER", "0");
            return new Reading(uncapped ? (longTrigger ? 2.0 : 3.0) : 4.0, 1.0);
        });
    }

    private static final SearchSpace INTERACTING =
            space(dim("TRIGGER_INTERVAL", "2s"), dim("MAX_OFFSETS_PER_TRIGGER", "0"));

    @Test
    void aKnobThatOnlyHelpsWithAnotherIsFoundOnTheNextPass() throws IOException {
        Result r = descent(INTERACTING, interacting()).build().run();

        assertThat(r.trials())
                .extracting(Trial::round, Trial::knob, Trial::decision)
                .containsExactly(
                        tuple(0, "", Decision.BASELINE),
                        tuple(0, "", Decision.BASELINE),
                        tuple(1, "TRIGGER_INTERVAL", Decision.REVERTED),
                        tuple(1, "MAX_OFFSETS_PER_TRIGGER", Decision.KEPT),
                        tuple(2, "TRIGGER_INTERVAL", Decision.KEPT));
        assertThat(r.trials().get(4).changed())
                .containsOnly(Map.entry("TRIGGER_INTERVAL", "2s"), Map.entry("MAX_OFFSETS_PER_TRIGGER", "0"));
        assertThat(r.bestChanges())
                .containsOnly(Map.entry("TRIGGER_INTERVAL", "2s"), Map.entry("MAX_OFFSETS_PER_TRIGGER", "0"));
        assertThat(r.bestOutcome().orElseThrow().maxLatencySeconds()).isEqualTo(2.0);
        assertThat(r.stop()).isEqualTo(Stop.CONVERGED);
        assertThat(r.stop().text()).startsWith("converged");
    }

    @Test
    void whileNothingPassesALowerMaxStillCounts() throws IOException {
        // at this rate the engine falls behind whatever the knobs; a longer trigger gets it closer
        ModelEngine engine = new ModelEngine(
                (trial, k, rate) -> new Reading(is(k, "TRIGGER_INTERVAL", "2s") ? 6.0 : 9.0, 1.0, false));
        Result r = descent(space(dim("TRIGGER_INTERVAL", "2s")), engine).build().run();

        assertThat(r.trials().get(2).decision()).isEqualTo(Decision.KEPT);
        assertThat(r.trials().get(2).reason())
                .isEqualTo("fails like the best so far; max 6.00 s, 3.00 s below the best 9.00 s (noise 0.45 s)");
        assertThat(r.bestOutcome().orElseThrow().passed()).isFalse();
    }

    @Test
    void everyValueOfADimensionIsTriedAgainstTheBestSoFar() throws IOException {
        ModelEngine engine = new ModelEngine((trial, k, rate) -> new Reading(
                switch (k.get("TRIGGER_INTERVAL")) {
                    case "500ms" -> 3.5;
                    case "2s" -> 3.4; // better than the baseline, not than 500ms by more than the noise
                    case "5s" -> 2.5;
                    default -> 4.0;
                },
                1.0));
        Result r = descent(space(dim("TRIGGER_INTERVAL", "500ms", "2s", "5s", "0s")), engine)
                .build()
                .run();

        // 0s, back to the baseline, is not run a third time
        assertThat(r.trials()).extracting(Trial::value).containsExactly("", "", "500ms", "2s", "5s");
        assertThat(decisions(r))
                .containsExactly(Decision.BASELINE, Decision.BASELINE, Decision.KEPT, Decision.REVERTED, Decision.KEPT);
        assertThat(r.bestChanges()).containsExactly(Map.entry("TRIGGER_INTERVAL", "5s"));
    }

    @Test
    void aRealImprovementIsKeptUnderSeededNoise() throws IOException {
        for (long seed = 0; seed < 50; seed++) {
            ModelEngine engine = new ModelEngine(
                            (trial, k, rate) -> new Reading(is(k, "TRIGGER_INTERVAL", "2s") ? 3.0 : 4.0, 1.0))
                    .noise(seed, 0.2);
            Result r = descent(space(dim("SHUFFLE_PARTITIONS", "8"), dim("TRIGGER_INTERVAL", "2s")), engine)
                    .build()
                    .run();
            assertThat(r.bestChanges()).as("seed %d", seed).containsEntry("TRIGGER_INTERVAL", "2s");
        }
    }

    @Test
    void aTrialWithAnInvalidLoadIsRevertedNotJudged() throws IOException {
        Result r = descent(INTERACTING, interacting().loadInvalidAt(4, "the machine was busy"))
                .build()
                .run();

        assertThat(r.trials().get(3).decision()).isEqualTo(Decision.REVERTED);
        assertThat(r.trials().get(3).reason())
                .isEqualTo("load invalid, says nothing about the knob: the machine was busy");
        assertThat(r.stop()).isEqualTo(Stop.CONVERGED);
    }

    @Test
    void aBaselineTheProducerCannotHoldStopsTheTuning() throws IOException {
        Result r = descent(INTERACTING, interacting().loadInvalidAbove(5000))
                .build()
                .run();

        assertThat(r.trials()).hasSize(1);
        assertThat(r.trials().get(0).reason()).startsWith("baseline, run 1 of 2; load invalid: producer sent 5000 of");
        assertThat(r.stop()).isEqualTo(Stop.BASELINE_LOAD_INVALID);
        assertThat(r.bestOutcome()).isEmpty();
        assertThat(r.noise()).isEmpty();
        assertThat(r.bestKnobs()).isEqualTo(BASELINE);
    }

    @Test
    void theTrialBudgetCountsTheBaselineRuns() throws IOException {
        ModelEngine engine = interacting();
        Result r = descent(INTERACTING, engine).maxTrials(4).build().run();

        assertThat(engine.trials()).isEqualTo(4);
        assertThat(r.trials()).hasSize(4);
        assertThat(r.stop()).isEqualTo(Stop.TRIAL_BUDGET);
        assertThat(r.bestChanges()).containsExactly(Map.entry("MAX_OFFSETS_PER_TRIGGER", "0"));
    }

    @Test
    void noTrialStartsThatCannotFinishBeforeTheDeadline() throws IOException {
        FakeClock clock = new FakeClock();
        Instant deadline = clock.instant().plus(Duration.ofMinutes(45));
        // each trial takes 10 minutes although 5 were expected: the estimate must learn from the first
        ModelEngine engine = interacting().beforeEachTrial(() -> clock.advance(Duration.ofMinutes(10)));
        Result r = descent(INTERACTING, engine)
                .clock(clock)
                .deadline(deadline, Duration.ofMinutes(5))
                .build()
                .run();

        assertThat(r.trials()).hasSize(4);
        assertThat(clock.instant()).isBeforeOrEqualTo(deadline);
        assertThat(r.stop()).isEqualTo(Stop.DEADLINE);
    }

    @Test
    void aDeadlineTooCloseForOneTrialRunsNothing() throws IOException {
        FakeClock clock = new FakeClock();
        ModelEngine engine = interacting();
        Result r = descent(INTERACTING, engine)
                .clock(clock)
                .deadline(clock.instant().plus(Duration.ofMinutes(1)), Duration.ofMinutes(2))
                .build()
                .run();

        assertThat(engine.trials()).isZero();
        assertThat(r.stop()).isEqualTo(Stop.DEADLINE);
        assertThat(r.bestOutcome()).isEmpty();
        assertThat(r.bestKnobs()).isEqualTo(BASELINE);
    }

    @Test
    void theListenerHearsOfEveryTrialBeforeTheNextStarts() throws IOException {
        List<Trial> heard = new ArrayList<>();
        ModelEngine engine = interacting();
        engine.beforeEachTrial(() -> assertThat(heard).hasSize(engine.trials()));
        Result r = descent(INTERACTING, engine).listener(heard::add).build().run();

        assertThat(heard).isEqualTo(r.trials()).hasSize(5);
        assertThat(heard).extracting(Trial::number).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void anInterruptReturnsTheBestSoFar() throws IOException {
        List<Trial> heard = new ArrayList<>();
        Result r = descent(INTERACTING, interacting().interruptAt(5))
                .listener(heard::add)
                .build()
                .run();

        assertThat(Thread.interrupted())
                .as("the interrupt is passed on, and cleared here")
                .isTrue();
        assertThat(r.interrupted()).isTrue();
        assertThat(r.stop()).isEqualTo(Stop.INTERRUPTED);
        assertThat(r.trials()).hasSize(4).isEqualTo(heard);
        assertThat(r.bestChanges()).containsExactly(Map.entry("MAX_OFFSETS_PER_TRIGGER", "0"));
        assertThat(r.bestOutcome().orElseThrow().maxLatencySeconds()).isEqualTo(3.0);
    }

    @Test
    void anInterruptDuringTheBaselineLeavesNoNoise() throws IOException {
        Result r = descent(INTERACTING, interacting().interruptAt(2)).build().run();

        assertThat(Thread.interrupted()).isTrue();
        assertThat(r.stop()).isEqualTo(Stop.INTERRUPTED);
        assertThat(r.noise()).isEmpty();
        assertThat(r.bestOutcome()).isPresent();
    }

    @Test
    void noReadingComparesWorseThanAnyReading() {
        TrialOutcome none = TrialOutcome.judged(false, Map.of(), Double.NaN, Double.NaN, false, Double.NaN);
        TrialOutcome slow = TrialOutcome.judged(false, Map.of(), 60.0, 50.0, false, 1.0);
        assertThat(CoordinateDescent.compare(slow, none)).isNegative();
        assertThat(CoordinateDescent.compare(none, slow)).isPositive();
    }

    @Test
    void valuesOutOfRangeNameTheirOption() {
        assertThatThrownBy(() -> CoordinateDescent.builder()
                        .space(INTERACTING)
                        .runner(interacting())
                        .build())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--rate");
        assertThatThrownBy(
                        () -> descent(INTERACTING, interacting()).maxTrials(1).build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("--budget of 1 trial leaves no room: the baseline alone runs twice");
    }

    private static final class FakeClock extends Clock {
        private Instant now = Instant.parse("2026-12-01T10:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
