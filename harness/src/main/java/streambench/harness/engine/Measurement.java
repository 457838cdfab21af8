package streambench.harness.engine;

/**
 * How a run measures beside what it judges: how often the harness's tail looks for a new version of the table
 * (the bound of every visibility time), how far a row's {@code ts} may be from its schedule before the table counts
 * as rewritten, and how much the backlog may grow over the steady window, in seconds of the offered load.
 */
public record Measurement(long visibilityPollMs, long tsToleranceMs, double backlogGrowthSeconds) {
    public static final Measurement DEFAULT = new Measurement(100, 1, 0.5);
}
