/**
 * The Feldera consumer: deploys the benchmark's Kafka → Delta pipeline ({@code PipelineProgram}) on a Feldera
 * server through {@code streambench.feldera.client}, follows it and removes it on the way out
 * ({@code FelderaConsumer}). It may use {@code common}, the client package, Hadoop's ABFS (only to see the
 * table appear) and Jackson; unlike Spark and Flink it runs no Kafka check, as Feldera reaches Kafka itself.
 */
package streambench.feldera;
