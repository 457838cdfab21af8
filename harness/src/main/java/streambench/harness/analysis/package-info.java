/**
 * Pure functions from readings to figures: per-second latency bins and exact maxima, completeness
 * against the producers' acknowledgements, foreign rows, the Theil–Sen trend, recovery after a fault,
 * the producer report, and the {@link streambench.harness.analysis.Verdict} types. No processes, no
 * clocks; may use {@code delta} to read a table. A new way to measure goes here.
 */
package streambench.harness.analysis;
