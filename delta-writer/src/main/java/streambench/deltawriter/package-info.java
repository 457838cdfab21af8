/**
 * Appending rows to a Delta table with no engine around it: {@link streambench.deltawriter.RowFormat} (a row
 * type's columns), {@link streambench.deltawriter.DataFileWriter} (one Parquet file with exact statistics),
 * {@link streambench.deltawriter.DeltaTableCommitter} (one Delta Kernel transaction per batch of files,
 * idempotent by transaction id, optionally carrying domain metadata), the benchmark's event table, this
 * writer's knobs and the counters of the table's file system. Flink's sink and the yardstick consumer both
 * write through it. It may use {@code common}, Delta Kernel, Parquet and Hadoop's file-system API; nothing
 * here knows Flink or Kafka.
 */
package streambench.deltawriter;
