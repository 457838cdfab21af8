/**
 * The Flink 1.16 consumer: KafkaSource, the event decoder and our Delta sink wired into one job
 * ({@code FlinkConsumerMain}), its settings, checkpoint telemetry and where a restart resumes from. It may
 * use {@code common}, {@code streambench.preflight}, {@code streambench.deltawriter},
 * {@code streambench.flink.delta}, Flink's public APIs and Hadoop's file-system API; the harness starts its
 * jar and never links it.
 */
package streambench.flink;
