package streambench.harness.engine;

/**
 * The warm start of one engine's turn: {@code seconds} of load at {@code rate} sent into the run's topic under
 * the reserved producer ids once the consumer was ready, {@code acked} of it acknowledged by Kafka, {@code rows}
 * of it found in the table by the analysis, and how long after its schedule ended the last of it was visible
 * (NaN when it never was, or when the table was analysed without a run).
 */
public record WarmStart(long seconds, long rate, long acked, long rows, double visibleAfterSeconds) {
    public static final WarmStart NONE = new WarmStart(0, 0, 0, 0, Double.NaN);

    /** What the analysis alone knows: the warm-up rows in the table. */
    static WarmStart inTable(long seconds, long rows) {
        return new WarmStart(seconds, 0, 0, rows, Double.NaN);
    }

    WarmStart withRows(long tableRows) {
        return new WarmStart(seconds, rate, acked, tableRows, visibleAfterSeconds);
    }

    /** Nothing to report: no warm start asked for and none found in the table. */
    public boolean none() {
        return seconds == 0 && rows == 0;
    }

    /** Whether the measured schedule began with all of the warm-up load in the table. */
    public boolean completed() {
        return seconds == 0 || !Double.isNaN(visibleAfterSeconds);
    }
}
