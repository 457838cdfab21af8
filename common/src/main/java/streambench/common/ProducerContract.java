package streambench.common;

/**
 * What the producer and the harness agree on besides the knobs: the producer ids kept for load that is sent
 * but never measured (the same topic and table as the measured events, counted apart; a run's own producers
 * stay below {@link #UNMEASURED_FROM}) and the line that says the measured schedule starts.
 */
public final class ProducerContract {
    /** Every id from here up is unmeasured load; the harness's warm-start producer sends as ids from here. */
    public static final int UNMEASURED_FROM = 2_000_000_000;

    /**
     * A producer's pre-roll (PRODUCER_PREROLL_S) sends thread i's events as id {@code PREROLL_FROM +
     * PRODUCER_ID_BASE + i}: apart for each producer process, like their measured ids.
     */
    public static final int PREROLL_FROM = 2_100_000_000;

    /** Printed the moment the measured schedule is set up, after any pre-roll: the harness counts faults from it. */
    public static final String SCHEDULE_STARTS = "producer: the schedule starts";

    private ProducerContract() {}
}
