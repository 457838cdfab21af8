package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows in the table that the run's producers did not acknowledge: another producer_id, or a seq outside
 * what the run's producer acknowledged. A run's topic is fresh, so such rows were written by someone
 * else; they are kept out of latency and completeness and make the run invalid.
 */
public final class ForeignRows {
    static final int EXAMPLES = 5;

    private long count;
    private final List<String> examples = new ArrayList<>();

    void add(int producerId, long seq, long tsMicros, long version) {
        count++;
        if (examples.size() < EXAMPLES) {
            examples.add("producer_id " + producerId + " seq " + seq + " ts " + tsText(tsMicros) + " (version "
                    + version + ")");
        }
    }

    public long count() {
        return count;
    }

    /** The first few, as text: enough to find their writer. */
    public List<String> examples() {
        return List.copyOf(examples);
    }

    private static String tsText(long micros) {
        try {
            return java.time.Instant.EPOCH
                    .plus(micros, java.time.temporal.ChronoUnit.MICROS)
                    .toString();
        } catch (ArithmeticException | java.time.DateTimeException e) {
            return micros + " µs";
        }
    }
}
