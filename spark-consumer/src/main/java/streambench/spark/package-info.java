/**
 * The Spark consumer, one source tree compiled against Spark 3.5 and 4.2: Structured Streaming from Kafka to
 * Delta ({@code SparkConsumerMain}) with its own batch writer ({@code CachedSnapshotDeltaWriter}) and one-request log
 * writes ({@code AtomicBlobPut}), its settings, per-batch telemetry (with the storage requests read from the
 * table's file system, {@code LakeCounters}) and the guard against a fresh checkpoint on a table with data. It
 * may use {@code common}, {@code streambench.preflight} and the Spark, Delta (internal classes included, see
 * CachedSnapshotDeltaWriter), Delta Kernel (the log checkpoint, {@code KernelLogCheckpoint}) and Kafka APIs both
 * Spark versions have, except where a version module holds its own copy of a class; the harness starts its jar
 * and never links it.
 */
package streambench.spark;
