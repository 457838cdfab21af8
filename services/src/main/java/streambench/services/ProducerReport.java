package streambench.services;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import streambench.common.ConfigException;

/**
 * The producer's summary file as the harness reads it (fields it does not know are ignored).
 * {@code durationSeconds} and {@code ackedPerSecond} are absent from summaries written before they existed;
 * {@code prerollAcked} (the pre-roll's acknowledged events, in the topic before the schedule's) is 0 there, and
 * {@code prerollProducers} and each producer's {@code rate} and {@code startMicros} are absent (null), and so is
 * {@code sendLagMicrosPerSecond}, each second's worst send() lag behind schedule (the latency waterfall's producer
 * stage).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProducerReport(
        String topic,
        String started,
        @JsonProperty("target_rate") long targetRate,
        @JsonProperty("duration_s") Double durationSeconds,
        @JsonProperty("elapsed_s") double elapsedSeconds,
        @JsonProperty("completed_schedule") boolean completedSchedule,
        long sent,
        long acked,
        long failed,
        @JsonProperty("achieved_rate") double achievedRate,
        @JsonProperty("max_send_lag_ms") double maxSendLagMs,
        @JsonProperty("max_ack_lag_ms") double maxAckLagMs,
        @JsonProperty("acked_per_second") long[] ackedPerSecond,
        List<PerProducer> producers,
        @JsonProperty("preroll_acked") long prerollAcked,
        @JsonProperty("preroll_producers") List<PerProducer> prerollProducers,
        @JsonProperty("send_lag_us_per_second") long[] sendLagMicrosPerSecond) {

    /** A report without the per-second send lag (summaries written before it existed, and tests). */
    public ProducerReport(
            String topic,
            String started,
            long targetRate,
            Double durationSeconds,
            double elapsedSeconds,
            boolean completedSchedule,
            long sent,
            long acked,
            long failed,
            double achievedRate,
            double maxSendLagMs,
            double maxAckLagMs,
            long[] ackedPerSecond,
            List<PerProducer> producers,
            long prerollAcked,
            List<PerProducer> prerollProducers) {
        this(
                topic,
                started,
                targetRate,
                durationSeconds,
                elapsedSeconds,
                completedSchedule,
                sent,
                acked,
                failed,
                achievedRate,
                maxSendLagMs,
                maxAckLagMs,
                ackedPerSecond,
                producers,
                prerollAcked,
                prerollProducers,
                null);
    }

    /**
     * One producer_id: its acknowledged seq range and, from summaries that have them, its schedule: event
     * {@code seq} was due at {@code startMicros + round(seq * 1e6 / rate)}.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PerProducer(
            @JsonProperty("producer_id") int producerId,
            @JsonProperty("first_seq") Long firstSeq,
            @JsonProperty("last_seq") Long lastSeq,
            long acked,
            long failed,
            Double rate,
            @JsonProperty("start_micros") Long startMicros) {

        public PerProducer(int producerId, Long firstSeq, Long lastSeq, long acked, long failed) {
            this(producerId, firstSeq, lastSeq, acked, failed, null, null);
        }

        /** When event {@code seq} was due, epoch µs, as the producer computed its {@code ts}; empty without a schedule. */
        public java.util.OptionalLong dueMicros(long seq) {
            if (rate == null || startMicros == null || !(rate > 0)) {
                return java.util.OptionalLong.empty();
            }
            return java.util.OptionalLong.of(startMicros + Math.round(seq * (1e6 / rate)));
        }
    }

    /** The first scheduled event's time in epoch microseconds: second 0 of the run. */
    public long startMicros() {
        return micros(Instant.parse(started));
    }

    /**
     * When the last scheduled event was due: the summary's own schedule length, else {@code fallbackSeconds}
     * (the run's --duration). With several producers this is the latest of their ends.
     */
    public long scheduleEndMicros(long fallbackSeconds) {
        double seconds = durationSeconds != null && durationSeconds > 0 ? durationSeconds : fallbackSeconds;
        return startMicros() + Math.round(seconds * 1e6);
    }

    /** The worst send() lag behind schedule of each second's events, µs, when the summary has it. */
    public Optional<long[]> sendLagBySecond() {
        return Optional.ofNullable(sendLagMicrosPerSecond);
    }

    /** Acknowledged events per second of the schedule, when the summary has them. */
    public Optional<long[]> ackedBySecond() {
        return Optional.ofNullable(ackedPerSecond);
    }

    /** Per producer_id the acknowledged seq range, for the completeness check. */
    public Map<Integer, long[]> expectedRanges() {
        return ranges(producers);
    }

    /** Per producer_id of the pre-roll the acknowledged seq range (with gaps where it skipped); empty before. */
    public Map<Integer, long[]> prerollRanges() {
        return ranges(prerollProducers == null ? List.of() : prerollProducers);
    }

    /** The run's producers by id, for the schedule of each one's events. */
    public Map<Integer, PerProducer> byProducerId() {
        Map<Integer, PerProducer> out = new HashMap<>();
        producers.forEach(p -> out.put(p.producerId(), p));
        return out;
    }

    private static Map<Integer, long[]> ranges(List<PerProducer> producers) {
        Map<Integer, long[]> out = new HashMap<>();
        for (PerProducer p : producers) {
            if (p.firstSeq() != null && p.lastSeq() != null) {
                out.put(p.producerId(), new long[] {p.firstSeq(), p.lastSeq()});
            }
        }
        return out;
    }

    public static ProducerReport read(Path file) throws IOException {
        return new ObjectMapper().readValue(file.toFile(), ProducerReport.class);
    }

    /**
     * One report for several producer processes (on one or more machines) that fed the same topic: counts
     * and rates add up, lags take the worst, the run starts with the earliest producer and its schedule ends
     * with the latest one; per-second acknowledgements are added up on the earliest producer's seconds. Each
     * process must have had its own producer_id range (PRODUCER_ID_BASE), or completeness would be ambiguous.
     */
    public static ProducerReport merge(List<ProducerReport> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no producer summary to merge");
        }
        if (reports.size() == 1) {
            return reports.get(0);
        }
        Map<Integer, Integer> owner = new HashMap<>();
        List<PerProducer> all = new ArrayList<>();
        String topic = reports.get(0).topic();
        for (int i = 0; i < reports.size(); i++) {
            ProducerReport r = reports.get(i);
            if (!Objects.equals(topic, r.topic())) {
                throw new ConfigException("producer summaries 1 and " + (i + 1) + " are for different topics (" + topic
                        + ", " + r.topic() + ")");
            }
            for (PerProducer p : r.producers()) {
                Integer previous = owner.put(p.producerId(), i);
                if (previous != null) {
                    throw new ConfigException(
                            "producer_id " + p.producerId() + " is in producer summaries " + (previous + 1) + " and "
                                    + (i + 1) + ": give each producer process its own PRODUCER_ID_BASE");
                }
                all.add(p);
            }
        }
        ProducerReport first = reports.stream()
                .min(Comparator.comparingLong(ProducerReport::startMicros))
                .orElseThrow();
        long start = first.startMicros();
        boolean everyDuration = reports.stream().allMatch(r -> r.durationSeconds() != null && r.durationSeconds() > 0);
        Double duration = everyDuration
                ? reports.stream().mapToLong(r -> r.scheduleEndMicros(0)).max().orElseThrow() / 1e6 - start / 1e6
                : null;
        return new ProducerReport(
                topic,
                first.started(),
                reports.stream().mapToLong(ProducerReport::targetRate).sum(),
                duration,
                reports.stream()
                        .mapToDouble(ProducerReport::elapsedSeconds)
                        .max()
                        .orElse(0),
                reports.stream().allMatch(ProducerReport::completedSchedule),
                reports.stream().mapToLong(ProducerReport::sent).sum(),
                reports.stream().mapToLong(ProducerReport::acked).sum(),
                reports.stream().mapToLong(ProducerReport::failed).sum(),
                reports.stream().mapToDouble(ProducerReport::achievedRate).sum(),
                reports.stream().mapToDouble(ProducerReport::maxSendLagMs).max().orElse(0),
                reports.stream().mapToDouble(ProducerReport::maxAckLagMs).max().orElse(0),
                mergedPerSecond(reports, start, ProducerReport::ackedPerSecond, Long::sum),
                all,
                reports.stream().mapToLong(ProducerReport::prerollAcked).sum(),
                reports.stream()
                        .flatMap(r -> r.prerollProducers() == null
                                ? java.util.stream.Stream.empty()
                                : r.prerollProducers().stream())
                        .toList(),
                mergedPerSecond(reports, start, ProducerReport::sendLagMicrosPerSecond, Math::max));
    }

    /**
     * Each producer's seconds shifted onto the earliest one's and combined ({@code Long::sum} for counts,
     * {@code Math::max} for lags); unknown as soon as one summary lacks them.
     */
    private static long[] mergedPerSecond(
            List<ProducerReport> reports,
            long startMicros,
            java.util.function.Function<ProducerReport, long[]> field,
            java.util.function.LongBinaryOperator combine) {
        if (reports.stream().anyMatch(r -> field.apply(r) == null)) {
            return null;
        }
        int length = 0;
        for (ProducerReport r : reports) {
            length = Math.max(length, shift(r, startMicros) + field.apply(r).length);
        }
        long[] out = new long[length];
        for (ProducerReport r : reports) {
            int shift = shift(r, startMicros);
            long[] values = field.apply(r);
            for (int k = 0; k < values.length; k++) {
                out[shift + k] = combine.applyAsLong(out[shift + k], values[k]);
            }
        }
        return out;
    }

    private static int shift(ProducerReport r, long startMicros) {
        return (int) ((r.startMicros() - startMicros) / 1_000_000L);
    }

    private static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
    }
}
