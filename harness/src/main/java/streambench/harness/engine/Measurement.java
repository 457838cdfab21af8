package streambench.harness.engine;

/**
 * How a run measures beside what it judges: how often the harness's tail looks for a new version of the table
 * (the bound of every visibility time), how far a row's {@code ts} may be from its schedule before the table counts
 * as rewritten, how much the backlog may grow over the steady window, in seconds of the offered load, how many
 * seconds at the end of the load the readers read back once the consumer stopped (0: none; {@link ReadBackPhase}),
 * how often the store probe times the store beside the engine (0: never; {@link streambench.services.StoreProbe}),
 * how many small files the store is given before each turn, as a control of what a full store costs (0: none;
 * {@link streambench.services.StorePrefill}), and the cores the engine has to itself, everything else on the rest
 * (empty: all share every core; {@link streambench.services.CpuAffinity}); and the {@link Bounds} some checks judge by.
 */
public record Measurement(
        long visibilityPollMs,
        long tsToleranceMs,
        double backlogGrowthSeconds,
        long readBackSeconds,
        long storeProbeMs,
        long prefillFiles,
        String engineCpus,
        Bounds bounds) {
    public static final Measurement DEFAULT = new Measurement(100, 1, 0.5, 0, 5000, 0, "", Bounds.DEFAULT);

    public Measurement(
            long visibilityPollMs, long tsToleranceMs, double backlogGrowthSeconds, long storeProbeMs, Bounds bounds) {
        this(visibilityPollMs, tsToleranceMs, backlogGrowthSeconds, 0, storeProbeMs, 0, "", bounds);
    }

    /** The same, with the readers reading back the last {@code seconds} of the load (0: none). */
    public Measurement readingBack(long seconds) {
        return new Measurement(
                visibilityPollMs,
                tsToleranceMs,
                backlogGrowthSeconds,
                seconds,
                storeProbeMs,
                prefillFiles,
                engineCpus,
                bounds);
    }

    /** The same, with {@code files} small files put in the store before each turn (0: none). */
    public Measurement prefilling(long files) {
        return new Measurement(
                visibilityPollMs,
                tsToleranceMs,
                backlogGrowthSeconds,
                readBackSeconds,
                storeProbeMs,
                files,
                engineCpus,
                bounds);
    }

    /** The same, with the engine on {@code cpus} and everything else on the other cores (empty: shared). */
    public Measurement pinning(String cpus) {
        return new Measurement(
                visibilityPollMs,
                tsToleranceMs,
                backlogGrowthSeconds,
                readBackSeconds,
                storeProbeMs,
                prefillFiles,
                cpus,
                bounds);
    }
}
