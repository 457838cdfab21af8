package streambench.harness.engine;

/**
 * How a run measures beside what it judges: how often the harness's tail looks for a new version of the table
 * (the bound of every visibility time), how far a row's {@code ts} may be from its schedule before the table counts
 * as rewritten, how much the backlog may grow over the steady window, in seconds of the offered load, and how many
 * seconds at the end of the load the readers read back once the consumer stopped (0: none; {@link ReadBackPhase}).
 */
public record Measurement(
        long visibilityPollMs, long tsToleranceMs, double backlogGrowthSeconds, long readBackSeconds) {
    public static final Measurement DEFAULT = new Measurement(100, 1, 0.5, 0);

    public Measurement(long visibilityPollMs, long tsToleranceMs, double backlogGrowthSeconds) {
        this(visibilityPollMs, tsToleranceMs, backlogGrowthSeconds, 0);
    }

    /** The same, with the readers reading back the last {@code seconds} of the load (0: none). */
    public Measurement readingBack(long seconds) {
        return new Measurement(visibilityPollMs, tsToleranceMs, backlogGrowthSeconds, seconds);
    }
}
