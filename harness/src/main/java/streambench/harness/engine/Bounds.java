package streambench.harness.engine;

import streambench.harness.analysis.Verdict;

/**
 * The bounds some checks judge by, each an option with the value the checks were designed with: how late an
 * acknowledgement may come before the load counts as late ({@code punctual}), what share of the consumer's largest
 * heap its live data may grow by over a long run ({@code growth}), and how many storage requests a writer may make
 * between stamping a commit and its file appearing ({@code clocks}).
 */
public record Bounds(double ackBoundMs, double heapGrowthShare, int clockRequests) {
    public static final Bounds DEFAULT =
            new Bounds(1000, Verdict.HEAP_GROWTH_FRACTION, Verdict.WRITER_REQUESTS_AFTER_STAMP);
}
