package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The module the embedded Azurite loads first moves the blob extent sweep that stalls every request for
 * seconds, ten minutes into a run, out of it: checked on the pinned Azurite the build installed.
 */
class AzuriteSweepIntervalTest {
    private static final InstallLayout LAYOUT = InstallLayout.load();
    private static final String READ_INTERVAL =
            "console.log(require('azurite/dist/src/blob/utils/constants.js').DEFAULT_GC_INTERVAL_MS)";

    @Test
    void theSweepWaitsADayByDefaultAndAsLongAsItIsTold() throws Exception {
        assertThat(node(Map.of(), READ_INTERVAL)).isEqualTo("0 86400000");
        assertThat(node(Map.of("AZURITE_SWEEP_INTERVAL_MS", "5000"), READ_INTERVAL))
                .isEqualTo("0 5000");
    }

    @Test
    void aBadIntervalStopsAzuriteNamingTheVariable() throws Exception {
        assertThat(node(Map.of("AZURITE_SWEEP_INTERVAL_MS", "soon"), "1"))
                .isEqualTo("2 AZURITE_SWEEP_INTERVAL_MS must be a positive number of milliseconds, got \"soon\"");
    }

    /** Exit code and output of {@code node --require <module> -e <code>} in Azurite's directory, as the harness starts it. */
    private static String node(Map<String, String> env, String code) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of(
                        NodeRuntime.forAzurite(LAYOUT).executable(),
                        "--require",
                        LAYOUT.azuriteSweepInterval().toString(),
                        "-e",
                        code))
                .directory(LAYOUT.azuriteDir().toFile())
                .redirectErrorStream(true);
        pb.environment().remove("AZURITE_SWEEP_INTERVAL_MS");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return p.exitValue() + " " + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }
}
