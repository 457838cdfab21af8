package streambench.harness.analysis;

import java.util.Map;
import streambench.services.ProducerReport;

/**
 * What the run's producers say the table must hold, for the analysis to check every row against: per producer_id
 * the acknowledged seq range of the measured producers and of the two unmeasured ones (the harness's warm start,
 * each producer's pre-roll; reserved ids from {@link streambench.common.ProducerContract#UNMEASURED_FROM}), and each
 * measured producer's schedule, from which every row's {@code ts} follows.
 *
 * @param measured    null: every row below the reserved ids is the run's (a table whose writer is known)
 * @param schedules   by producer_id; a producer without one (an older summary) has its ts not checked
 * @param warmStart   the warm start's ranges; null: reserved rows are not checked (as before such checks existed)
 * @param preroll     the pre-rolls' ranges (gaps where a pre-roll skipped while behind)
 * @param tsToleranceMicros how far a row's ts may be from its schedule before it counts as rewritten
 * @param sendLagMicrosPerSecond the producers' worst send lag per second of the schedule (the latency waterfall's
 *     producer stage); null when the summary has none
 * @param drainEndedMicros when the turn stopped waiting for rows (epoch µs): a measured row never visible counts with
 *     the latency it had then, and a row visible only after it is late; -1 when no turn waited (a table analysed
 *     after the fact), where the table's last visible version stands in
 */
public record RunExpectations(
        Map<Integer, long[]> measured,
        Map<Integer, ProducerReport.PerProducer> schedules,
        Map<Integer, long[]> warmStart,
        Map<Integer, long[]> preroll,
        long tsToleranceMicros,
        long[] sendLagMicrosPerSecond,
        long drainEndedMicros) {

    public RunExpectations(
            Map<Integer, long[]> measured,
            Map<Integer, ProducerReport.PerProducer> schedules,
            Map<Integer, long[]> warmStart,
            Map<Integer, long[]> preroll,
            long tsToleranceMicros,
            long[] sendLagMicrosPerSecond) {
        this(measured, schedules, warmStart, preroll, tsToleranceMicros, sendLagMicrosPerSecond, -1);
    }

    /** The same, for a turn whose drain ended at {@code epochMicros}. */
    public RunExpectations drainEndedAt(long epochMicros) {
        return new RunExpectations(
                measured, schedules, warmStart, preroll, tsToleranceMicros, sendLagMicrosPerSecond, epochMicros);
    }

    /** Every row is the run's, no schedule, no reserved ranges: calibration and synthetic tables. */
    public static final RunExpectations ANY_ROW = new RunExpectations(null, Map.of(), null, null, 0, null);

    /**
     * A run's: the producer summary (measured and pre-roll), and the warm start's (null when the run sent none).
     * Every row of a reserved id that neither sent is foreign.
     */
    public static RunExpectations forRun(ProducerReport producer, ProducerReport warmStart, long tsToleranceMicros) {
        return new RunExpectations(
                producer.expectedRanges(),
                producer.byProducerId(),
                warmStart == null ? Map.of() : warmStart.expectedRanges(),
                producer.prerollRanges(),
                tsToleranceMicros,
                producer.sendLagBySecond().orElse(null));
    }

    /**
     * A table analysed after the fact from the producers' summaries alone: what a warm start sent is not known, so
     * rows of reserved ids are counted apart, unchecked.
     */
    public static RunExpectations forTable(ProducerReport producer, long tsToleranceMicros) {
        return new RunExpectations(
                producer.expectedRanges(),
                producer.byProducerId(),
                null,
                null,
                tsToleranceMicros,
                producer.sendLagBySecond().orElse(null));
    }

    boolean measures(int producerId, long seq) {
        return within(measured, producerId, seq, true);
    }

    /** A row of a reserved id that the warm start or a pre-roll sent; always true when they are not checked. */
    boolean sentUnmeasured(int producerId, long seq) {
        if (warmStart == null) {
            return true;
        }
        return within(warmStart, producerId, seq, false) || within(preroll, producerId, seq, false);
    }

    private static boolean within(Map<Integer, long[]> ranges, int producerId, long seq, boolean whenNull) {
        if (ranges == null) {
            return whenNull;
        }
        long[] range = ranges.get(producerId);
        return range != null && seq >= range[0] && seq <= range[1];
    }
}
