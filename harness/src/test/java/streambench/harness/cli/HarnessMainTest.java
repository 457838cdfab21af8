package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HarnessMainTest {
    @Test
    void runIsTheDefaultSubcommand() {
        assertThat(HarnessMain.withDefaultSubcommand(new String[] {})).containsExactly("run");
        assertThat(HarnessMain.withDefaultSubcommand(new String[] {"--rate", "5"}))
                .containsExactly("run", "--rate", "5");
        assertThat(HarnessMain.withDefaultSubcommand(new String[] {"producer-bench"}))
                .containsExactly("producer-bench");
        assertThat(HarnessMain.withDefaultSubcommand(new String[] {"--help"})).containsExactly("--help");
    }

    @Test
    void unknownOptionsAreUsageErrors() {
        assertThat(HarnessMain.execute(new String[] {"--no-such-option"})).isEqualTo(2);
    }
}
