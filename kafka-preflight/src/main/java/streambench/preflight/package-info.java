/**
 * The start-up check every Kafka client of streambench runs first: does the cluster answer, does the topic
 * exist, within a bounded time. It may use {@code common} and kafka-clients' {@code Admin} API as far back
 * as 3.2.3 (what Flink 1.16 ships), and nothing else: it runs inside each engine's jar, on that engine's own
 * kafka-clients, which is why it is a module of its own rather than part of the JDK-only {@code common}.
 */
package streambench.preflight;
