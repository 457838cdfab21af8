/**
 * The open-loop producer: {@code ProducerMain} sends each thread's share of {@code RATE} on a fixed schedule
 * ({@code RateSchedule}, {@code ScheduledSender}), counts acknowledgements per second and writes the summary
 * the harness judges completeness by. It may use {@code common}, {@code streambench.preflight} and
 * kafka-clients 4.4; nothing in a consumer or the harness may use it — they start its jar.
 */
package streambench.producer;
