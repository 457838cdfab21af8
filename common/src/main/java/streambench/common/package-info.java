/**
 * What the producer, every consumer and the harness share: the event and its strict JSON codec, settings read
 * from the environment ({@code Knobs}, {@code Knob}, {@code ConsumerKnobs}), where the lake and Kafka are
 * ({@code LakeSettings}, {@code KafkaConnection}), the consumer contract ({@code ConsumerContract}: variable
 * names, {@code /health}, counters, telemetry lines, exit codes), the start-up every consumer makes
 * ({@code ConsumerStartup}, {@code HealthServer}, {@code MainRunner}, {@code ParentWatch}), storage requests per
 * unit of work from the lake file system's counters ({@code StorageRequests}), and secret masking.
 * It may use the JDK only: every consumer shades it next to a different Spark, Flink and Kafka, so whatever it
 * brought would clash with one of them. What needs kafka-clients lives in {@code streambench.preflight}.
 */
package streambench.common;
