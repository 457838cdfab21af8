package streambench.yardstick;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;
import streambench.deltawriter.DeltaWriterKnobs;

/** The yardstick's own knobs, declared once; {@link #sheet()} is what {@code --knobs} prints. */
final class YardstickKnobs {
    private YardstickKnobs() {}

    static final KnobDef<Duration> COMMIT_INTERVAL = KnobDef.positiveDuration(
            "COMMIT_INTERVAL", "1s", "a commit (with the Kafka positions inside it) every interval ...");
    static final KnobDef<Long> COMMIT_MAX_ROWS = KnobDef.positiveLong(
            "COMMIT_MAX_ROWS", "1000000", "... or sooner, once the interval has read this many records");
    static final KnobDef<Integer> WRITER_THREADS = KnobDef.positiveInt(
            "WRITER_THREADS",
            "1",
            "1: the poll loop decodes and writes the interval's one Parquet file itself; n: n threads beside it,"
                    + " partition p on thread p mod n, up to n files a commit");
    static final KnobDef<Integer> COMMIT_ATTEMPTS = KnobDef.positiveInt(
            "COMMIT_ATTEMPTS",
            "3",
            "a failed commit is retried with the same transaction id this many times in all, then the consumer"
                    + " exits 1");
    static final KnobDef<Duration> COMMIT_RETRY_DELAY =
            KnobDef.duration("COMMIT_RETRY_DELAY", "1s", "the wait before a failed commit's next attempt");
    /**
     * Spark's knob, with its meaning: on a thread of its own because the loop is the only reader, and a
     * checkpoint inside a commit stopped the reading for ~1 s.
     */
    static final KnobDef<Integer> DELTA_BACKGROUND_CHECKPOINT_EVERY = KnobDef.nonNegativeInt(
            "DELTA_BACKGROUND_CHECKPOINT_EVERY",
            "100",
            "N > 0: the log checkpoint every N commits on a thread of its own (inside the 100th commit it took 1.1 s"
                    + " and stopped the loop's reading); 0: inside the commit that reaches DELTA_CHECKPOINT_INTERVAL");

    static KnobSheet sheet() {
        List<KnobSheet.Group> groups = new ArrayList<>();
        groups.add(ConsumerContract.knobs());
        groups.add(new KnobSheet.Group(
                "the yardstick",
                List.of(
                        COMMIT_INTERVAL,
                        COMMIT_MAX_ROWS,
                        WRITER_THREADS,
                        COMMIT_ATTEMPTS,
                        COMMIT_RETRY_DELAY,
                        DELTA_BACKGROUND_CHECKPOINT_EVERY)));
        groups.add(ConsumerKnobs.kafka());
        groups.addAll(DeltaWriterKnobs.knobs());
        groups.add(ConsumerKnobs.abfs());
        return new KnobSheet("yardstick", ConsumerContract.CONNECTION, groups);
    }
}
