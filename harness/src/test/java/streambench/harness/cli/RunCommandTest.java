package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunCommandTest {
    @Test
    void anEngineWithoutReadingsShowsDashesNotNaN() {
        assertThat(RunCommand.orDash("%.2f", Double.NaN)).isEqualTo("-");
        assertThat(RunCommand.orDash("%+.4f", 0.00123)).isEqualTo("+0.0012");
    }

    @Test
    void readersReadBackByDefaultFromTwoWindowsOfLoadAndWhenAsked() {
        RunCommand run = new RunCommand();
        run.durationSeconds = 120;
        assertThat(run.readBackSeconds()).isZero();
        run.durationSeconds = 600;
        assertThat(run.readBackSeconds()).isEqualTo(300);
        run.readBack = false;
        assertThat(run.readBackSeconds()).isZero();
        run.durationSeconds = 60;
        run.readBack = true;
        assertThat(run.readBackSeconds()).isEqualTo(300);
    }
}
