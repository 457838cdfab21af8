package streambench.harness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.services.LakeFileSystem;
import streambench.services.delta.SyntheticTable;

/**
 * Hidden: writes a synthetic table with a known latency and the matching producer summary, to
 * benchmark {@code analyze} (a 120 s run at 200K msg/s is 24 M rows) without running an engine.
 */
@Command(
        name = "synthesize",
        hidden = true,
        mixinStandardHelpOptions = true,
        description = "Write a synthetic events table with a known latency, plus its producer summary.")
final class SynthesizeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TABLE", description = "Path under the lake root.")
    String table;

    @Option(names = "--rate", defaultValue = "200000")
    long rate;

    @Option(names = "--duration", defaultValue = "120")
    long durationSeconds;

    @Option(names = "--commit-every", defaultValue = "2", description = "Seconds of events per commit.")
    double commitEverySeconds;

    @Option(names = "--delay", defaultValue = "1.5", description = "Seconds from a commit's last event to the commit.")
    double delaySeconds;

    @Option(names = "--producer-summary", required = true)
    Path summary;

    @Override
    public Integer call() throws Exception {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.fromEnvironment());
        String uri = lake.tableUri(table);
        Instant now = Instant.now();
        long start = now.getEpochSecond() * 1_000_000L;
        long t0 = System.nanoTime();
        long n;
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            n = SyntheticTable.write(
                    fs, uri, start, rate, durationSeconds, commitEverySeconds, Math.round(delaySeconds * 1e6));
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("topic", "synthetic");
        s.put("started", Instant.ofEpochSecond(start / 1_000_000L).toString());
        s.put("target_rate", rate);
        s.put("elapsed_s", durationSeconds);
        s.put("completed_schedule", true);
        s.put("sent", n);
        s.put("acked", n);
        s.put("failed", 0);
        s.put("achieved_rate", rate);
        s.put("max_send_lag_ms", 0);
        s.put("max_ack_lag_ms", 0);
        s.put(
                "producers",
                List.of(Map.of("producer_id", 0, "first_seq", 0, "last_seq", n - 1, "acked", n, "failed", 0)));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(summary.toFile(), s);
        System.out.printf(
                "wrote %,d events to %s in %.1f s; producer summary %s%n",
                n, uri, (System.nanoTime() - t0) / 1e9, summary);
        return 0;
    }
}
