/**
 * The yardstick consumer: one Kafka poll loop appending to the Delta table through {@code streambench.deltawriter},
 * a commit per interval carrying the Kafka positions as domain metadata ({@code YardstickMain},
 * {@code CommitLoop}), its settings and telemetry. It may use {@code common}, {@code streambench.preflight},
 * {@code streambench.deltawriter}, kafka-clients and Hadoop's configuration; the harness starts its jar and
 * never links it.
 */
package streambench.yardstick;
