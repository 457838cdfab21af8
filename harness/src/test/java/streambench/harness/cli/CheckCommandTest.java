package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.harness.report.ResultsWriter;

class CheckCommandTest {
    @Test
    void judgesEachVersionOfAnExistingCsv(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder(ResultsWriter.TIMESERIES_HEADER + "\n");
        for (int s = 0; s < 60; s++) {
            csv.append(s).append(",2.000,Spark 3.5,1.000,1.900,1.000,5000\n");
            csv.append(s)
                    .append(',')
                    .append(String.format(java.util.Locale.ROOT, "%.3f", 1 + s * 0.05))
                    .append(",Spark 4.2,1,1,1,5000\n");
        }
        Path file = dir.resolve("latency_timeseries.csv");
        Files.writeString(file, csv);
        var bins = CheckCommand.read(file);
        assertThat(bins).containsOnlyKeys("Spark 3.5", "Spark 4.2");
        assertThat(bins.get("Spark 3.5")).hasSize(60);
        // Spark 4.2 ramps past 5 s: the check fails the file, exit 1
        assertThat(HarnessMain.execute(new String[] {
                    "check", file.toString(), "--warmup", "5", "--engines", "spark-3.5,spark-4.2", "--duration", "60"
                }))
                .isEqualTo(1);

        Path flat = dir.resolve("flat.csv");
        Files.writeString(
                flat,
                csv.toString().lines().filter(l -> !l.contains("Spark 4.2")).reduce("", (a, b) -> a + b + "\n"));
        assertThat(HarnessMain.execute(new String[] {
                    "check",
                    flat.toString(),
                    "--warmup",
                    "5",
                    "--engines",
                    "Spark 3.5",
                    "--duration",
                    "60",
                    "--rate",
                    "5000"
                }))
                .isZero();
        // only the passing engine of two is in the file: what is missing fails it
        assertThat(HarnessMain.execute(new String[] {
                    "check", flat.toString(), "--warmup", "5", "--engines", "spark-3.5,spark-4.2", "--duration", "60"
                }))
                .isEqualTo(1);
    }

    /** A CSV and the summary.json a run writes beside it, with {@code engines} as the run's engines. */
    private static Path runResults(Path dir, List<String> labels, List<String> statuses, int seconds) throws Exception {
        StringBuilder csv = new StringBuilder(ResultsWriter.TIMESERIES_HEADER + "\n");
        for (String label : labels) {
            for (int s = 0; s < seconds; s++) {
                csv.append(s).append(",2.000,").append(label).append(",1.000,1.900,1.000,5000\n");
            }
        }
        Path file = dir.resolve("latency_timeseries.csv");
        Files.writeString(file, csv);
        StringBuilder engines = new StringBuilder();
        for (int i = 0; i < labels.size(); i++) {
            engines.append(i == 0 ? "" : ",")
                    .append("{\"engine\":\"e")
                    .append(i)
                    .append("\",\"version\":\"")
                    .append(labels.get(i))
                    .append("\",\"status\":\"")
                    .append(statuses.get(i))
                    .append("\",\"checks\":[]}");
        }
        Files.writeString(
                dir.resolve("summary.json"),
                "{\"status\":\"Failed\",\"settings\":{\"rate\":5000,\"duration_s\":" + seconds + "},\"engines\":["
                        + engines + "]}");
        return file;
    }

    @Test
    void theSummaryBesideTheCsvSaysWhatMustBeThere(@TempDir Path dir) throws Exception {
        Path file = runResults(dir, List.of("Spark 3.5", "Flink 1.16"), List.of("passed", "passed"), 30);
        assertThat(HarnessMain.execute(new String[] {"check", file.toString(), "--warmup", "5"}))
                .isZero();

        // one engine's rows deleted: the summary still names it
        Files.writeString(
                file,
                Files.readString(file).lines().filter(l -> !l.contains("Flink")).reduce("", (a, b) -> a + b + "\n"));
        assertThat(HarnessMain.execute(new String[] {"check", file.toString(), "--warmup", "5"}))
                .isEqualTo(1);
    }

    @Test
    void aMissingSecondOrAThinSecondFails(@TempDir Path dir) throws Exception {
        Path file = runResults(dir, List.of("Flink 1.16"), List.of("passed"), 30);
        String all = Files.readString(file);
        Files.writeString(file, all.replace("\n17,2.000,Flink 1.16,1.000,1.900,1.000,5000\n", "\n"));
        CheckCommand check = new CheckCommand();
        check.csv = file;
        check.verdict = verdictOptions();
        check.minCountRatio = 0.5;
        ExpectedRun expected = ExpectedRun.resolve(file, List.of(), null, null);
        assertThat(check.judge("Flink 1.16", CheckCommand.read(file).get("Flink 1.16"), expected))
                .containsExactly("seconds: 1 of 30 seconds have no reading (e.g. [17])");

        Files.writeString(
                file,
                all.replace(
                        "\n9,2.000,Flink 1.16,1.000,1.900,1.000,5000\n",
                        "\n9,2.000,Flink 1.16,1.000,1.900,1.000,120\n"));
        assertThat(check.judge("Flink 1.16", CheckCommand.read(file).get("Flink 1.16"), expected))
                .containsExactly("events: 1 seconds hold fewer than 50% of the offered 5,000 (second 9: 120)");
    }

    @Test
    void anEngineTheSummaryReportsNotRunFailsTheCheck(@TempDir Path dir) throws Exception {
        Path file = runResults(dir, List.of("Flink 1.16"), List.of("passed"), 30);
        Files.writeString(
                dir.resolve("summary.json"),
                "{\"settings\":{\"rate\":5000,\"duration_s\":30},\"engines\":["
                        + "{\"version\":\"Flink 1.16\",\"status\":\"passed\",\"checks\":[]},"
                        + "{\"version\":\"Feldera\",\"status\":\"not run\",\"not_run_reason\":\"no Feldera server answers\"}]}");
        assertThat(HarnessMain.execute(new String[] {"check", file.toString(), "--warmup", "5"}))
                .isEqualTo(1);
        CheckCommand check = new CheckCommand();
        check.csv = file;
        check.verdict = verdictOptions();
        assertThat(check.judge("Feldera", null, ExpectedRun.resolve(file, List.of(), null, null)))
                .containsExactly("not run: no Feldera server answers", "missing: no readings for Feldera in " + file);
    }

    @Test
    void withoutASummaryOrOptionsCheckRefusesToGuess(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lonely.csv");
        Files.writeString(file, ResultsWriter.TIMESERIES_HEADER + "\n0,1.000,Spark 3.5,1,1,1,5000\n");
        assertThat(HarnessMain.execute(new String[] {"check", file.toString()})).isEqualTo(2);
    }

    @Test
    void labelsWithCommasSurviveTheRoundTrip(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency_timeseries.csv");
        Files.writeString(file, ResultsWriter.TIMESERIES_HEADER + "\n0,1.000,\"Spark 4.2, tuned\",1,1,1,5000\n");
        assertThat(CheckCommand.read(file)).containsOnlyKeys("Spark 4.2, tuned");
    }

    private static VerdictOptions verdictOptions() {
        VerdictOptions v = new VerdictOptions();
        v.warmupSeconds = 5;
        v.thresholdSeconds = 5;
        v.trendBound = 0.01;
        v.trendMinRiseSeconds = 1;
        v.drainTimeoutSeconds = 60;
        v.clockToleranceMs = 50;
        return v;
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
        assertThatThrownBy(() -> CheckCommand.read(file))
                .isInstanceOf(ConfigException.class)
                .hasMessage(file + " line 3 is not elapsed_s,latency_s,version[,...]: \"x,oops\"");
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "a,b\n");
        assertThatThrownBy(() -> CheckCommand.read(other))
                .hasMessageContaining("line 1 must start with elapsed_s,latency_s,version");
        assertThat(HarnessMain.execute(
                        new String[] {"check", dir.resolve("missing.csv").toString()}))
                .isEqualTo(2);
    }
}
