package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import streambench.services.ProducerLauncher;
import streambench.services.ProducerReport;

class ProducerBenchJudgeTest {
    private static ProducerLauncher.Outcome outcome(
            int exit, double achieved, double lagMs, long failed, boolean completed) {
        return new ProducerLauncher.Outcome(
                exit,
                Optional.of(new ProducerReport(
                        "t",
                        "2026-11-30T00:00:00Z",
                        100_000,
                        15.0,
                        15,
                        completed,
                        1_500_000,
                        1_500_000 - failed,
                        failed,
                        achieved,
                        lagMs / 2,
                        lagMs,
                        null,
                        List.of(),
                        0,
                        null)),
                "");
    }

    @Test
    void sustainedMeansCompleteOnScheduleAndNothingFailed() {
        assertThat(ProducerBenchCommand.judge(100_000, outcome(0, 99_990, 300, 0, true))
                        .sustained())
                .isTrue();
        assertThat(ProducerBenchCommand.judge(100_000, outcome(0, 99_990, 1_200, 0, true))
                        .sustained())
                .as("lagging")
                .isFalse();
        assertThat(ProducerBenchCommand.judge(100_000, outcome(0, 95_000, 300, 0, true))
                        .sustained())
                .as("slow")
                .isFalse();
        assertThat(ProducerBenchCommand.judge(100_000, outcome(1, 99_990, 300, 3, true))
                        .sustained())
                .as("failures")
                .isFalse();
        assertThat(ProducerBenchCommand.judge(100_000, outcome(0, 99_990, 300, 0, false))
                        .sustained())
                .as("cut short")
                .isFalse();
        assertThat(ProducerBenchCommand.judge(100_000, new ProducerLauncher.Outcome(1, Optional.empty(), ""))
                        .sustained())
                .isFalse();
    }
}
