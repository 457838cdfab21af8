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

    /**
     * One report for several producer processes (on one or more machines) that fed the same topic: counts
     * and rates add up, lags and durations take the worst, the run starts with the earliest producer.
     * Each process must have had its own producer_id range (PRODUCER_ID_BASE), or completeness would be
     * ambiguous.
     */
    static ProducerReport merge(List<ProducerReport> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no producer summary to merge");
        }
        if (reports.size() == 1) {
            return reports.get(0);
        }
        java.util.Map<Integer, Integer> owner = new java.util.HashMap<>();
        List<PerProducer> all = new java.util.ArrayList<>();
        String topic = reports.get(0).topic();
        for (int i = 0; i < reports.size(); i++) {
            ProducerReport r = reports.get(i);
            if (!java.util.Objects.equals(topic, r.topic())) {
                throw new streambench.common.ConfigException("producer summaries " + 1 + " and " + (i + 1)
                        + " are for different topics (" + topic + ", " + r.topic() + ")");
            }
            for (PerProducer p : r.producers()) {
                Integer previous = owner.put(p.producerId(), i);
                if (previous != null) {
                    throw new streambench.common.ConfigException("producer_id " + p.producerId() + " is in producer summaries "
                            + (previous + 1) + " and " + (i + 1) + ": give each producer process its own PRODUCER_ID_BASE");
                }
                all.add(p);
            }
        }
        String started = reports.stream().map(ProducerReport::started).min(java.util.Comparator.comparing(java.time.Instant::parse))
                .orElseThrow();
        return new ProducerReport(topic, started,
                reports.stream().mapToLong(ProducerReport::targetRate).sum(),
                reports.stream().mapToDouble(ProducerReport::elapsedSeconds).max().orElse(0),
                reports.stream().allMatch(ProducerReport::completedSchedule),
                reports.stream().mapToLong(ProducerReport::sent).sum(),
                reports.stream().mapToLong(ProducerReport::acked).sum(),
                reports.stream().mapToLong(ProducerReport::failed).sum(),
                reports.stream().mapToDouble(ProducerReport::achievedRate).sum(),
                reports.stream().mapToDouble(ProducerReport::maxSendLagMs).max().orElse(0),
                reports.stream().mapToDouble(ProducerReport::maxAckLagMs).max().orElse(0),
                all);
    }
}
