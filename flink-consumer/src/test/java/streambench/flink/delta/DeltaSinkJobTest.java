package streambench.flink.delta;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.restartstrategy.RestartStrategies;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.deltawriter.TestRows;

/**
 * The whole sink in a real Flink MiniCluster, parallelism 2, with a task failure after the first
 * completed checkpoint: the restarted job re-reads from that checkpoint, and the table still holds every
 * row exactly once.
 */
class DeltaSinkJobTest {
    static final AtomicBoolean FAILED_ONCE = new AtomicBoolean();
    static final AtomicBoolean CHECKPOINT_DONE = new AtomicBoolean();

    @TempDir
    Path dir;

    /** Slows the input so checkpoints happen mid-stream, and fails once after the first one completed. */
    static final class FailOnceAfterCheckpoint extends RichMapFunction<Long, TestRows.Row>
            implements CheckpointListener {
        @Override
        public TestRows.Row map(Long seq) throws Exception {
            if (seq % 200 == 0) {
                Thread.sleep(2);
            }
            if (CHECKPOINT_DONE.get() && seq % 7 == 3 && FAILED_ONCE.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure between checkpoints");
            }
            return new TestRows.Row(1_700_000_000_000_000L + seq, (int) (seq % 3), seq);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINT_DONE.set(true);
        }
    }

    @Test
    void everyRowExactlyOnceAcrossATaskFailure() throws Exception {
        FAILED_ONCE.set(false);
        CHECKPOINT_DONE.set(false);
        Path table = dir.resolve("events");
        int n = 50_000;

        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2, new Configuration());
        env.enableCheckpointing(150);
        env.setRestartStrategy(RestartStrategies.fixedDelayRestart(3, 0));
        DeltaSink<TestRows.Row> sink = DeltaSink.builder(table.toUri().toString(), Map.of(), TestRows.FORMAT)
                .tableProperty("delta.appendOnly", "true")
                .build();
        sink.addTo(env.fromSequence(0, n - 1).map(new FailOnceAfterCheckpoint()), "delta");
        env.execute("delta-sink-test");

        assertThat(FAILED_ONCE).isTrue();
        List<TestRows.Row> rows = TestRows.read(table);
        Set<Long> seqs = new HashSet<>();
        rows.forEach(r -> seqs.add(r.seq()));
        assertThat(rows).hasSize(n);
        assertThat(seqs).hasSize(n);
        assertThat(TestRows.commits(table).stream().filter(c -> c.has("commitInfo")))
                .allMatch(c -> c.get("commitInfo").get("timestamp").asLong() > 0);
    }
}
