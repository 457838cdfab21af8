package streambench.harness.report;

/**
 * One engine at one value of the curve's variable: a {@code run}'s engine, or one trial of a {@code capacity}
 * search. NaN where the source holds no such figure (a capacity trial reports no files).
 *
 * @param x               the value of the varied setting
 * @param outcome         passed, failed, invalid, undetermined: as the source said it
 * @param seconds         the seconds of measured load it stands on
 * @param consumerCores   the consumer's mean CPU, cores
 * @param filesPerMinute  data files the engine added per minute of load
 * @param meanFileKiB     their mean size
 * @param source          the result folder it was read from
 */
public record CurvePoint(
        double x,
        String engine,
        String label,
        String outcome,
        long seconds,
        double p99Seconds,
        double maxSeconds,
        double consumerCores,
        double filesPerMinute,
        double meanFileKiB,
        String source) {
    boolean passed() {
        return outcome.equals("passed");
    }
}
