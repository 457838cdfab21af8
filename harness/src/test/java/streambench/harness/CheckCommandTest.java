package streambench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CheckCommandTest {
    @Test
    void judgesEachVersionOfAnExistingCsv(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder(ResultsWriter.TIMESERIES_HEADER + "\n");
        for (int s = 0; s < 60; s++) {
            csv.append(s).append(",2.000,Spark 3.5,1.000,1.900,1.000,5000\n");
            csv.append(s).append(',').append(String.format(java.util.Locale.ROOT, "%.3f", 1 + s * 0.05)).append(",Spark 4.2,1,1,1,5000\n");
        }
        Path file = dir.resolve("latency_timeseries.csv");
        Files.writeString(file, csv);
        var bins = CheckCommand.read(file);
        assertThat(bins).containsOnlyKeys("Spark 3.5", "Spark 4.2");
        assertThat(bins.get("Spark 3.5")).hasSize(60);
        // Spark 4.2 ramps past 5 s: the check fails the file, exit 1
        assertThat(HarnessMain.execute(new String[]{"check", file.toString(), "--warmup", "5"})).isEqualTo(1);

        Path flat = dir.resolve("flat.csv");
        Files.writeString(flat, csv.toString().lines().filter(l -> !l.contains("Spark 4.2"))
                .reduce("", (a, b) -> a + b + "\n"));
        assertThat(HarnessMain.execute(new String[]{"check", flat.toString(), "--warmup", "5"})).isZero();
    }

    @Test
    void acceptsTheThreeColumnFormatOfTheOriginalBenchmark(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.csv");
        Files.writeString(file, "elapsed_s,latency_s,version\n0,1.5,Spark 3.5\n1,1.7,Spark 3.5\n");
        assertThat(CheckCommand.read(file).get("Spark 3.5")).hasSize(2);
    }

    @Test
    void badFilesAreNamedWithTheLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "elapsed_s,latency_s,version\n0,1.5,Spark 3.5\nx,oops\n");
        assertThatThrownBy(() -> CheckCommand.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage(file + " line 3 is not elapsed_s,latency_s,version[,...]: \"x,oops\"");
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "a,b\n");
        assertThatThrownBy(() -> CheckCommand.read(other)).hasMessageContaining("line 1 must start with elapsed_s,latency_s,version");
        assertThat(HarnessMain.execute(new String[]{"check", dir.resolve("missing.csv").toString()})).isEqualTo(2);
    }
}
