package streambench.producer;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the harness needs to prove nothing was lost: per producer_id the acknowledged seq range and
 * the failures. Seqs run from 0 without gaps, so with {@code failed == 0} every seq in
 * {@code [first_seq, last_seq]} must be in the table exactly once. {@code achieved_rate} is acked
 * events over the time from the schedule's start to the last acknowledgement; {@code max_ack_lag_ms}
 * is the worst delay from an event's due time to its acknowledgement: the load was delivered as
 * offered only when that stayed small. {@code acked_per_second[k]} counts the acknowledged events due in
 * second k of the schedule (all producer_ids together), {@code send_lag_us_per_second[k]} the worst lag of their
 * send() calls behind their due time (µs, the producer's share of that second's latency); {@code duration_s} is
 * the schedule's length.
 * {@code preroll_acked} counts the pre-roll's acknowledged events (reserved producer ids, in the topic before
 * the schedule's), which a reader of the table waits for too, and {@code preroll_producers} its producer ids with
 * their seq ranges (a pre-roll skips events while behind, so its ranges may have gaps). Each producer's
 * {@code rate} and {@code start_micros} give every event's {@code ts}: {@code start_micros + round(seq * 1e6 / rate)},
 * which the harness checks each row against.
 */
record ProducerSummary(
        String topic,
        @JsonProperty("target_rate") long targetRate,
        @JsonProperty("message_bytes") int messageBytes,
        String started,
        String finished,
        @JsonProperty("duration_s") long durationSeconds,
        @JsonProperty("elapsed_s") double elapsedSeconds,
        @JsonProperty("completed_schedule") boolean completedSchedule,
        long sent,
        long acked,
        long failed,
        @JsonProperty("achieved_rate") double achievedRate,
        @JsonProperty("max_send_lag_ms") double maxSendLagMs,
        @JsonProperty("max_ack_lag_ms") double maxAckLagMs,
        @JsonProperty("acked_per_second") long[] ackedPerSecond,
        @JsonProperty("send_lag_us_per_second") long[] sendLagMicrosPerSecond,
        List<PerProducer> producers,
        @JsonProperty("preroll_acked") long prerollAcked,
        @JsonProperty("preroll_producers") List<PerProducer> prerollProducers) {

    record PerProducer(
            @JsonProperty("producer_id") int producerId,
            @JsonProperty("first_seq") Long firstSeq,
            @JsonProperty("last_seq") Long lastSeq,
            long sent,
            long acked,
            long failed,
            @JsonProperty("max_ack_lag_ms") double maxAckLagMs,
            @JsonProperty("first_error") String firstError,
            double rate,
            @JsonProperty("start_micros") long startMicros) {

        static PerProducer of(SenderStats s) {
            long acked = s.acked.get();
            return new PerProducer(
                    s.producerId,
                    acked == 0 ? null : s.firstAckedSeq.get(),
                    acked == 0 ? null : s.lastAckedSeq.get(),
                    s.sent.get(),
                    acked,
                    s.failed.get(),
                    s.maxAckLagNanos.get() / 1e6,
                    s.firstError.get(),
                    s.rate,
                    s.startMicros);
        }
    }

    /** AtomicFiles closes the stream itself; Jackson must not close it first. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** Atomically: a reader never sees half a summary. */
    void writeTo(Path file) throws IOException {
        streambench.common.AtomicFiles.write(file, out -> JSON.writeValue(out, this));
    }

    String toJson() throws IOException {
        return JSON.writeValueAsString(this);
    }
}
