package streambench.harness.report;

/**
 * One engine at one value of the curve's variable: a {@code run}'s engine, or one trial of a {@code capacity}
 * search. NaN where the source holds no such figure (a capacity trial reports no files; an engine that crashed
 * has no latency, and is drawn as a failure at the top of the chart).
 *
 * @param x              the value of the varied setting
 * @param engine         its id, e.g. {@code spark-3.5}
 * @param label          its name, e.g. {@code Spark 3.5}
 * @param outcome        passed, failed, invalid, undetermined: as the source said it
 * @param seconds        the seconds of measured load it stands on
 * @param p99Seconds     the p99 of every record's latency
 * @param maxSeconds     the largest per-second reading
 * @param consumerCores  the consumer's mean CPU, cores
 * @param filesPerMinute data files the engine added per minute of load
 * @param meanFileKiB    their mean size
 */
record CurvePoint(
        double x,
        String engine,
        String label,
        String outcome,
        long seconds,
        double p99Seconds,
        double maxSeconds,
        double consumerCores,
        double filesPerMinute,
        double meanFileKiB) {
    boolean passed() {
        return outcome.equals("passed");
    }
}
