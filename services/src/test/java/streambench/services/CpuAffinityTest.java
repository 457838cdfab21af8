package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;

class CpuAffinityTest {
    @Test
    void noCoresNamedMeansNoPinning() {
        assertThat(CpuAffinity.parse("", "--engine-cpus")).isEmpty();
        assertThat(CpuAffinity.parse(null, "--engine-cpus")).isEmpty();
    }

    @Test
    void listsOfCoresAndRangesAreRead() {
        assertThat(CpuAffinity.list("1", "x")).containsExactly(1);
        assertThat(CpuAffinity.list("0,2-4", "x")).containsExactly(0, 2, 3, 4);
    }

    @Test
    void badListsNameTheOptionAndWhatWasWrong() {
        assertThatThrownBy(() -> CpuAffinity.parse("one", "--engine-cpus"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("--engine-cpus must be a list of cores such as 1 or 2-3 or 0,2, got \"one\"");
        assertThatThrownBy(() -> CpuAffinity.parse("3-1", "--engine-cpus"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("--engine-cpus: the range 3-1 runs backwards");
        assertThatThrownBy(() -> CpuAffinity.parse("4096", "--engine-cpus"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("--engine-cpus names cores this process may not use: 4096 (it may use ");
    }

    @Test
    void everyCoreForTheEngineLeavesNoneForTheRest() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThatThrownBy(() -> CpuAffinity.parse("0-" + (cores - 1), "--engine-cpus"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("leaves no core for the broker, the store and the producer");
    }

    @Test
    void pinsEveryThreadOfAProcessAndGivesTheCoresBack() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores");
        CpuAffinity cores = CpuAffinity.parse("1", "--engine-cpus").orElseThrow();
        assertThat(cores.engineCpus()).isEqualTo("1");
        assertThat(cores.otherCpus()).doesNotContain("1");
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            cores.pinEngine(sleeper.pid());
            assertThat(allowed(sleeper.pid())).isEqualTo("1");
            cores.pinOthers(sleeper.pid());
            assertThat(CpuAffinity.list(allowed(sleeper.pid()), "x"))
                    .isEqualTo(CpuAffinity.list(cores.otherCpus(), "x"));
            cores.release(sleeper.pid());
            assertThat(CpuAffinity.list(allowed(sleeper.pid()), "x")).isEqualTo(CpuAffinity.list(cores.allCpus(), "x"));
        } finally {
            sleeper.destroy();
            sleeper.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String allowed(long pid) throws Exception {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim())
                .findFirst()
                .orElseThrow();
    }
}
