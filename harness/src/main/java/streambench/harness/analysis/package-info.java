/**
 * Pure functions from readings to figures: per-second latency bins and exact maxima, completeness
 * against the producers' acknowledgements, foreign rows, the Theil–Sen trend, recovery after a fault,
 * and the {@link streambench.harness.analysis.Verdict} types. No processes, no clocks; of the services
 * module it may use only the Delta reader ({@code streambench.services.delta}) and the producer's report.
 * A new way to measure goes here.
 */
package streambench.harness.analysis;
