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

    /** Every bound a check judges by is an option; a bad one is refused, naming it, before anything starts. */
    @Test
    void badBoundsAndStoreOptionsAreRefusedNamingTheOption() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (String[] bad : new String[][] {
                {"--keep-up-ratio", "1.5", "--keep-up-ratio must be above 0 and at most 1, got 1.5"},
                {"--ack-bound-ms", "0", "--ack-bound-ms must be a positive number of milliseconds, got 0.0"},
                {"--heap-growth-share", "-1", "--heap-growth-share must be above 0 and at most 1, got -1.0"},
                {"--clock-requests", "-2", "--clock-requests must be >= 0, got -2"},
                {"--store-probe-ms", "50", "--store-probe-ms must be 0 (no probe) or at least 100 ms"},
                {"--prefill-store", "2000000", "--prefill-store must be 0-1000000 files, got 2000000"},
                {"--engine-cpus", "one", "--engine-cpus must be a list of cores such as 1 or 2-3 or 0,2, got \"one\""}
            }) {
                captured.reset();
                assertThat(HarnessMain.execute(new String[] {"run", bad[0], bad[1]}))
                        .as(bad[0])
                        .isEqualTo(2);
                assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8))
                        .as(bad[0])
                        .contains(bad[2]);
            }
        } finally {
            System.setErr(err);
        }
    }
}
