/**
 * The yardstick consumer: one Kafka poll loop appending to the Delta table through {@code streambench.deltawriter},
 * a commit per interval carrying the Kafka positions as domain metadata ({@code YardstickMain},
 * {@code CommitLoop}); the interval's Parquet files written on the loop's thread or on writer threads beside
 * it ({@code IntervalWriter}, {@code EventFile}); its settings and telemetry. It may use {@code common}, {@code streambench.preflight},
 * {@code streambench.deltawriter}, kafka-clients and Hadoop's configuration; the harness starts its jar and
 * never links it.
 */
package streambench.yardstick;
