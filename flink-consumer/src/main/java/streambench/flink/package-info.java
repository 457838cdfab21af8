/**
 * The Flink 1.16 consumer: KafkaSource, the event decoder and our Delta sink wired into one job
 * ({@code FlinkConsumerMain}), its settings, checkpoint telemetry and where a restart resumes from. It may use
 * {@code common}, {@code streambench.preflight}, {@code streambench.flink.delta} and Flink's public APIs; the
 * harness starts its jar and never links it.
 */
package streambench.flink;
