package streambench.harness;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The producer's summary file as the harness reads it (fields it does not know are ignored). */
@JsonIgnoreProperties(ignoreUnknown = true)
record ProducerReport(
        String topic,
        String started,
        @JsonProperty("target_rate") long targetRate,
        @JsonProperty("elapsed_s") double elapsedSeconds,
        @JsonProperty("completed_schedule") boolean completedSchedule,
        long sent,
        long acked,
        long failed,
        @JsonProperty("achieved_rate") double achievedRate,
        @JsonProperty("max_send_lag_ms") double maxSendLagMs,
        @JsonProperty("max_ack_lag_ms") double maxAckLagMs,
        List<PerProducer> producers) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PerProducer(
            @JsonProperty("producer_id") int producerId,
            @JsonProperty("first_seq") Long firstSeq,
            @JsonProperty("last_seq") Long lastSeq,
            long acked,
            long failed) {
    }

    /** The first scheduled event's time in epoch microseconds: second 0 of the run. */
    long startMicros() {
        java.time.Instant t = java.time.Instant.parse(started);
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
    }

    /** Per producer_id the acknowledged seq range, for the completeness check. */
    java.util.Map<Integer, long[]> expectedRanges() {
        java.util.Map<Integer, long[]> out = new java.util.HashMap<>();
        for (PerProducer p : producers) {
            if (p.firstSeq() != null && p.lastSeq() != null) {
                out.put(p.producerId(), new long[]{p.firstSeq(), p.lastSeq()});
            }
        }
        return out;
    }

    static ProducerReport read(Path file) throws IOException {
        return new ObjectMapper().readValue(file.toFile(), ProducerReport.class);
    }
}
