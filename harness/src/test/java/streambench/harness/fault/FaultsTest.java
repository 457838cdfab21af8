package streambench.harness.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.harness.analysis.Recovery;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.cli.HarnessMain;

class FaultsTest {
    private static List<SecondBin> series(int seconds, LongToDoubleFunction max) {
        List<SecondBin> out = new ArrayList<>();
        for (long s = 0; s < seconds; s++) {
            out.add(new SecondBin(s, max.applyAsDouble(s), 0, 0, 0, 1000));
        }
        return out;
    }

    @Test
    void specsParseAndBadOnesNameWhatIsAccepted() {
        assertThat(FaultSpec.parse("kill-consumer@30s"))
                .extracting(FaultSpec::kind, FaultSpec::atSeconds)
                .containsExactly(FaultSpec.Kind.KILL_CONSUMER, 30L);
        assertThat(FaultSpec.parse("lake-outage@30s:10s"))
                .extracting(FaultSpec::kind, FaultSpec::atSeconds, FaultSpec::forSeconds)
                .containsExactly(FaultSpec.Kind.LAKE_OUTAGE, 30L, 10L);
        assertThat(FaultSpec.parse("broker-restart@5s").kind()).isEqualTo(FaultSpec.Kind.BROKER_RESTART);
        assertThat(FaultSpec.parse("poison@1%").share()).isEqualTo(0.01);
        assertThat(FaultSpec.parse("poison@0.5%").timed()).isFalse();
        assertThatThrownBy(() -> FaultSpec.parse("kill-consumer@30"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("use kill-consumer@30s, lake-outage@30s:10s, broker-restart@30s or poison@1%");
        assertThatThrownBy(() -> FaultSpec.parse("poison@80%")).hasMessageContaining("at most 50 %");
        assertThatThrownBy(() -> FaultSpec.parse("kill-consumer@120s").validate(120, true, true))
                .hasMessageContaining("second 120 is not within the 120 s of load");
        assertThatThrownBy(() -> FaultSpec.parse("broker-restart@10s").validate(60, false, true))
                .hasMessageContaining("restarts the embedded broker");
        assertThatThrownBy(() -> FaultSpec.parse("lake-outage@10s:5s").validate(60, true, false))
                .hasMessageContaining("pauses the embedded Azurite");
        assertThat(HarnessMain.execute(new String[] {"run", "--fault", "explode@3s"}))
                .isEqualTo(2);
    }

    @Test
    void recoveryIsTheTimeUntilTheLatencyIsBackUnderTheThresholdForGood() {
        // spike from second 40 to 47, one relapse at 50, then calm
        List<SecondBin> bins = series(120, s -> s >= 40 && s < 48 || s == 50 ? 9.5 - (s - 40) * 0.1 : 1.0);
        Recovery r = Recovery.of(bins, 5, 35, 40, Long.MAX_VALUE);
        // second 51 is the first back for good; its events became visible 1 s later, at second 52 of the clock
        assertThat(r.recoverySeconds()).hasValue(12);
        assertThat(r.peakSeconds()).isEqualTo(9.5);

        assertThat(Recovery.of(series(60, s -> 1.0), 5, 25, 30, Long.MAX_VALUE).recoverySeconds())
                .hasValue(0);
        assertThat(Recovery.of(series(60, s -> s >= 30 ? 8.0 : 1.0), 5, 25, 30, Long.MAX_VALUE)
                        .recovered())
                .isFalse();
        // the window of one fault ends where the next one's reach begins
        assertThat(Recovery.of(series(60, s -> s >= 30 ? 8.0 : 1.0), 5, 5, 10, 30)
                        .recoverySeconds())
                .hasValue(0);
        // events in flight when the fault struck count towards its peak, not against its recovery
        Recovery inFlight = Recovery.of(series(60, s -> s >= 36 && s < 40 ? 12.0 : 1.0), 5, 35, 40, Long.MAX_VALUE);
        assertThat(inFlight.peakSeconds()).isEqualTo(12.0);
        assertThat(inFlight.recoverySeconds()).hasValue(0);
    }

    @Test
    void faultsFireAtTheirSecondAndAPausedLakeIsAlwaysResumed() throws Exception {
        List<String> done = Collections.synchronizedList(new ArrayList<>());
        FaultInjector.Actions fake = new FaultInjector.Actions() {
            public String killConsumer() {
                done.add("kill");
                return "killed";
            }

            public void pauseLake() {
                done.add("pause");
            }

            public void resumeLake() {
                done.add("resume");
            }

            public String restartBroker() {
                throw new IllegalStateException("no broker");
            }
        };
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        List<FaultInjector.Fired> fired;
        try (FaultInjector injector = new FaultInjector(
                List.of(
                        FaultSpec.parse("kill-consumer@0s"),
                        FaultSpec.parse("lake-outage@1s:60s"),
                        FaultSpec.parse("broker-restart@1s"),
                        FaultSpec.parse("poison@1%")),
                fake,
                new PrintStream(console, true))) {
            injector.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (injector.fired().size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            fired = injector.fired();
        }
        assertThat(fired)
                .extracting(f -> f.spec().kind())
                .containsExactlyInAnyOrder(
                        FaultSpec.Kind.KILL_CONSUMER, FaultSpec.Kind.LAKE_OUTAGE, FaultSpec.Kind.BROKER_RESTART);
        assertThat(fired)
                .filteredOn(f -> f.spec().kind() == FaultSpec.Kind.LAKE_OUTAGE)
                .singleElement()
                .satisfies(f -> assertThat(f.atSecond()).isBetween(0.9, 5.0));
        assertThat(fired)
                .filteredOn(f -> f.spec().kind() == FaultSpec.Kind.BROKER_RESTART)
                .singleElement()
                .satisfies(f -> assertThat(f.note()).isEqualTo("the fault could not be injected: no broker"));
        assertThat(done).containsSubsequence("pause", "resume"); // closed long before the 60 s outage ended
        assertThat(console.toString()).contains("fault kill-consumer@0s at 0.");
    }

    @Test
    void poisonNeedsEveryInjectedRecordCountedAndEveryFaultARecovery() {
        List<SecondBin> bins = series(60, s -> s >= 30 && s < 36 ? 7.0 : 1.0);
        FaultSpec kill = FaultSpec.parse("kill-consumer@30s");
        FaultSpec poison = FaultSpec.parse("poison@1%");
        FaultSpec late = FaultSpec.parse("broker-restart@59s");
        FaultRun run = new FaultRun(
                List.of(kill, poison, late), List.of(new FaultInjector.Fired(kill, 30.2, "killed")), 600, 0, 640, 1);
        List<FaultRun.Outcome> outcomes = run.outcomes(bins, 5, false);
        assertThat(outcomes).singleElement().satisfies(o -> {
            assertThat(o.recoverySeconds()).isEqualTo(7L); // second 36 back, visible a second later
            assertThat(o.peakSeconds()).isEqualTo(7.0);
            assertThat(o.how()).isEqualTo("restarted by the harness");
        });
        List<Verdict.Check> checks = run.checks(outcomes);
        assertThat(checks)
                .extracting(Verdict.Check::name, Verdict.Check::passed)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("fault broker-restart@59s", false),
                        org.assertj.core.groups.Tuple.tuple("fault kill-consumer@30s", true),
                        org.assertj.core.groups.Tuple.tuple("malformed", true));
        // without a restart, every injected record is counted once: more is as wrong as less
        FaultRun noRestart = new FaultRun(List.of(poison), List.of(), 600, 0, 640, 0);
        assertThat(noRestart.checks(List.of())).singleElement().satisfies(c -> {
            assertThat(c.passed()).isFalse();
            assertThat(c.detail())
                    .isEqualTo("600 hostile records injected (0 failed sends), 640 counted as malformed "
                            + "(need exactly as many)");
        });
        assertThat(run.firstReachedSecond(5)).hasValue(25);
    }
}
