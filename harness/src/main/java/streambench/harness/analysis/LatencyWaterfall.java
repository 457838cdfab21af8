package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.IntCountsHistogram;
import streambench.services.delta.EventFileReader;

/**
 * Where each record's latency went, stage by stage, from five stamps: its {@code ts} (when the schedule said to send
 * it), the producer's worst send lag of that second, its Kafka timestamp (the broker's append time on the harness's
 * topics), its data file's time (the {@code add} action's {@code modificationTime}), its version's commit timestamp,
 * and when the harness's tail first saw that version. The stages telescope, so they add up to the record's latency
 * exactly:
 *
 * <ul>
 *   <li><b>producer</b>: the second's worst send lag, capped at the time to the broker (the producer reports its lag
 *       per second, not per record: an upper bound for every record of the second, exact only for the one that had
 *       it; producer and broker together are exact);
 *   <li><b>broker</b>: the rest of the time to the Kafka timestamp (the client's batching, the network, the append);
 *   <li><b>engine</b>: Kafka timestamp to the data file's time (fetch, parse, write);
 *   <li><b>commit</b>: data file to the commit timestamp (the Delta commit);
 *   <li><b>visibility</b>: commit timestamp to the version first seen by a reader.
 * </ul>
 *
 * A data file's time is held between the record's Kafka timestamp and its commit: the writers take it from clocks of
 * their own (Spark's Delta the store's file status when its task commits, ours its own clock when it closes the file),
 * and a file cannot have been finished
 * before its record arrived nor after it was committed. Without a file time the commit stage is inside the engine's.
 * Records without a Kafka timestamp (a table written before the column existed, an engine that cannot write it) are
 * counted, not split.
 */
public final class LatencyWaterfall {
    /** The stages, in the order a record passes them. */
    public enum Stage {
        PRODUCER("producer"),
        BROKER("broker"),
        ENGINE("engine"),
        COMMIT("commit"),
        VISIBILITY("visibility");

        public final String label;

        Stage(String label) {
            this.label = label;
        }

        /** The stage that holds the largest part of {@code split} (the earliest of equals). */
        public static Stage largest(long[] split) {
            int best = 0;
            for (int i = 1; i < split.length; i++) {
                if (split[i] > split[best]) {
                    best = i;
                }
            }
            return values()[best];
        }

        /** The producer's and the broker's share: what happened before an engine could read the record. */
        public static long load(long[] split) {
            return split[PRODUCER.ordinal()] + split[BROKER.ordinal()];
        }
    }

    private static final int STAGES = Stage.values().length;

    /** The dominant stage where whole-second file times cannot tell the engine's time from the commit's. */
    public static final String ENGINE_AND_COMMIT = "engine+commit";

    /** "producer 0.002 s, broker 0.003 s, engine 0.595 s, commit 0.100 s, visibility 0.050 s" */
    public static String describe(long[] split) {
        List<String> parts = new ArrayList<>();
        for (Stage stage : Stage.values()) {
            parts.add(String.format(java.util.Locale.ROOT, "%s %.3f s", stage.label, split[stage.ordinal()] / 1e6));
        }
        return String.join(", ", parts);
    }

    /**
     * One second of {@code ts}: per stage the largest and the 99th percentile over its records (µs), the split of
     * its worst record (the largest latency), whose largest stage is the second's dominant one, and the largest time
     * any of its records spent after the broker.
     */
    public record Second(
            long elapsedSecond,
            long[] maxMicros,
            long[] p99Micros,
            long worstMicros,
            long[] worstSplit,
            long maxAfterBrokerMicros) {
        /**
         * True when the second is at or over {@code thresholdMicros} but every record of it would have been under had
         * it reached the broker on schedule ({@code maxAfterBrokerMicros}: the largest time from the Kafka timestamp
         * to visibility): the time before any engine could read them made the second fail, not the engine.
         */
        public boolean loadsFault(long thresholdMicros) {
            return worstMicros >= thresholdMicros && maxAfterBrokerMicros < thresholdMicros;
        }
    }

    /**
     * The whole run: per stage the largest and the 99th percentile (µs), the split of its worst record, and how many
     * records were split or could not be ({@code unstamped}: no Kafka timestamp), and how many of the measured rows'
     * data files had a time in whole seconds.
     */
    public record Result(
            List<Second> seconds,
            long[] maxMicros,
            long[] p99Micros,
            long worstMicros,
            long[] worstSplit,
            long stamped,
            long unstamped,
            long files,
            long wholeSecondFiles) {
        /** No figures: an engine that did not run. */
        public static final Result NONE =
                new Result(List.of(), new long[STAGES], new long[STAGES], 0, new long[STAGES], 0, 0, 0, 0);

        /**
         * Every data file's time a whole second (a writer that takes it from a store whose file status has seconds
         * only): the boundary between the engine's and the commit's stage is then good to a second only.
         */
        public boolean fileTimesInWholeSeconds() {
            return files > 1 && wholeSecondFiles == files;
        }

        public boolean any() {
            return stamped > 0;
        }

        /**
         * The stage the run's worst record spent most in, as the reports name it: {@code engine+commit} where the file
         * times cannot tell the two apart ({@link #fileTimesInWholeSeconds}) and they together hold the most.
         */
        public String dominantLabel() {
            return label(worstSplit);
        }

        /** As {@link #dominantLabel()}, for one second's worst record. */
        public String dominantLabel(Second s) {
            return label(s.worstSplit());
        }

        /** "4.800 s of it in the engine" (or "in the engine and commit") for one second's worst record. */
        public String dominantShare(Second s) {
            long[] split = s.worstSplit();
            String label = label(split);
            long micros = label.equals(ENGINE_AND_COMMIT)
                    ? split[Stage.ENGINE.ordinal()] + split[Stage.COMMIT.ordinal()]
                    : split[Stage.largest(split).ordinal()];
            return String.format(
                    java.util.Locale.ROOT,
                    "%.3f s of it in the %s",
                    micros / 1e6,
                    label.equals(ENGINE_AND_COMMIT) ? "engine and commit" : label);
        }

        private String label(long[] split) {
            if (!fileTimesInWholeSeconds()) {
                return Stage.largest(split).label;
            }
            long together = split[Stage.ENGINE.ordinal()] + split[Stage.COMMIT.ordinal()];
            Stage largest = Stage.largest(split);
            boolean engineSide = largest == Stage.ENGINE || largest == Stage.COMMIT;
            long other = Math.max(
                    Math.max(split[Stage.PRODUCER.ordinal()], split[Stage.BROKER.ordinal()]),
                    split[Stage.VISIBILITY.ordinal()]);
            return engineSide || together > other ? ENGINE_AND_COMMIT : largest.label;
        }

        public java.util.Optional<Second> second(long elapsedSecond) {
            return seconds.stream()
                    .filter(s -> s.elapsedSecond() == elapsedSecond)
                    .findFirst();
        }
    }

    private static final class Tally {
        final org.HdrHistogram.AbstractHistogram[] histograms = new org.HdrHistogram.AbstractHistogram[STAGES];
        final long[] max = new long[STAGES];
        long worst = Long.MIN_VALUE;
        long[] worstSplit;
        long maxAfterBroker = Long.MIN_VALUE;

        /**
         * @param wholeRun one for the run (long counts: hours at 200,000 rows/s overflow an int bucket) rather than
         *     one per second (int counts, two significant digits, resized as values come: five per second of a
         *     long run)
         */
        Tally(boolean wholeRun) {
            for (int i = 0; i < STAGES; i++) {
                histograms[i] = wholeRun ? new org.HdrHistogram.Histogram(2) : new IntCountsHistogram(2);
            }
            Arrays.fill(max, Long.MIN_VALUE);
        }

        /** Copies {@code split} only when it is the new worst: the caller reuses it for the next record. */
        void add(long[] split) {
            long total = 0;
            for (int i = 0; i < STAGES; i++) {
                max[i] = Math.max(max[i], split[i]);
                histograms[i].recordValue(Math.max(0, split[i]));
                total += split[i];
            }
            if (total > worst) {
                worst = total;
                worstSplit = split.clone();
            }
            maxAfterBroker = Math.max(maxAfterBroker, total - Stage.load(split));
        }

        long[] p99() {
            long[] out = new long[STAGES];
            for (int i = 0; i < STAGES; i++) {
                out[i] = histograms[i].getValueAtPercentile(99);
            }
            return out;
        }
    }

    private final long startMicros;
    private final long[] sendLagMicrosPerSecond;
    private final Map<Long, Tally> bySecond = new TreeMap<>();
    private final Tally whole = new Tally(true);
    /** One record's stages, reused: a run reads hundreds of millions of rows. */
    private final long[] scratch = new long[STAGES];

    private long unstamped;
    private long files;
    private long wholeSecondFiles;

    /**
     * @param startMicros the run's first scheduled event time: second 0
     * @param sendLagMicrosPerSecond the producer's worst send lag per second of its schedule; null when unknown (the
     *     producer stage is then 0 and its time shows in the broker's)
     */
    public LatencyWaterfall(long startMicros, long[] sendLagMicrosPerSecond) {
        this.startMicros = startMicros;
        this.sendLagMicrosPerSecond = sendLagMicrosPerSecond;
    }

    /**
     * One record; every time in epoch µs but {@code fileMillis} (ms, -1 when unknown); {@code kafkaTsMicros}
     * {@link EventFileReader#NO_KAFKA_TS} when the record has none.
     */
    public void record(long tsMicros, long kafkaTsMicros, long fileMillis, long commitMicros, long visibleMicros) {
        if (kafkaTsMicros == EventFileReader.NO_KAFKA_TS) {
            unstamped++;
            return;
        }
        long second = Math.floorDiv(tsMicros - startMicros, 1_000_000L);
        split(scratch, tsMicros, sendLag(second), kafkaTsMicros, fileMillis, commitMicros, visibleMicros);
        bySecond.computeIfAbsent(second, s -> new Tally(false)).add(scratch);
        whole.add(scratch);
    }

    /** A data file whose rows are being recorded: its time's resolution is reported (-1: it has none). */
    public void file(long fileMillis) {
        files++;
        if (fileMillis >= 0 && fileMillis % 1000 == 0) {
            wholeSecondFiles++;
        }
    }

    /**
     * The five stages of one record into {@code out}, in µs, in {@link Stage} order; they add up to
     * {@code visibleMicros - tsMicros}. Into a caller's array: a run splits hundreds of millions of rows.
     */
    static void split(
            long[] out,
            long tsMicros,
            long sendLagMicros,
            long kafkaTsMicros,
            long fileMillis,
            long commitMicros,
            long visibleMicros) {
        long toBroker = kafkaTsMicros - tsMicros;
        long producer = Math.max(0, Math.min(sendLagMicros, toBroker));
        long file = fileMillis < 0 ? commitMicros : Math.min(commitMicros, Math.max(fileMillis * 1000, kafkaTsMicros));
        out[Stage.PRODUCER.ordinal()] = producer;
        out[Stage.BROKER.ordinal()] = toBroker - producer;
        out[Stage.ENGINE.ordinal()] = file - kafkaTsMicros;
        out[Stage.COMMIT.ordinal()] = commitMicros - file;
        out[Stage.VISIBILITY.ordinal()] = visibleMicros - commitMicros;
    }

    private long sendLag(long second) {
        if (sendLagMicrosPerSecond == null || second < 0 || second >= sendLagMicrosPerSecond.length) {
            return 0;
        }
        return sendLagMicrosPerSecond[(int) second];
    }

    public Result result() {
        List<Second> seconds = new ArrayList<>();
        bySecond.forEach(
                (s, t) -> seconds.add(new Second(s, t.max.clone(), t.p99(), t.worst, t.worstSplit, t.maxAfterBroker)));
        boolean any = whole.worstSplit != null;
        return new Result(
                seconds,
                any ? whole.max.clone() : new long[STAGES],
                whole.p99(),
                any ? whole.worst : 0,
                any ? whole.worstSplit : new long[STAGES],
                whole.histograms[0].getTotalCount(),
                unstamped,
                files,
                wholeSecondFiles);
    }
}
