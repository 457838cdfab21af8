package streambench.producer;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import streambench.common.ConsumerContract;
import streambench.common.Knobs;
import streambench.common.MainRunner;
import streambench.common.ProducerContract;
import streambench.preflight.KafkaPreflight;

/**
 * {@code java -jar producer.jar}: sends {@code RATE} events/s to {@code TOPIC} for {@code DURATION_S}
 * seconds (0 = until SIGTERM), prints one line per second and, on exit, writes the summary the
 * harness uses to check completeness. Exit 0 when every event was acknowledged, 1 when any send
 * failed, 2 for bad configuration or an unreachable cluster.
 */
public final class ProducerMain {
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private ProducerMain() {}

    public static void main(String[] args) {
        MainRunner.runAndExit("producer", args, ProducerKnobs.sheet(), () -> run(Knobs.fromEnvironment(), System.out));
    }

    static int run(Knobs knobs, PrintStream out) throws Exception {
        ProducerSettings settings = ProducerSettings.fromKnobs(knobs);
        out.println("producer config: " + knobs.effectiveRedacted());
        checkKafka(settings, out);
        List<Producer<byte[], byte[]>> producers = connect(settings);
        warmUpEncoder(settings.messageBytes());

        List<ScheduledSender> running = new CopyOnWriteArrayList<>();
        AtomicBoolean stopped = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onSigterm = stopOnSigterm(running, stopped, finished);
        try {
            List<SenderStats> preroll = preroll(settings, producers, running, out);
            Start start = Start.soon();
            ScheduleSeconds perSecond = new ScheduleSeconds(start.nanos(), settings.durationSeconds());
            List<SenderStats> stats = new ArrayList<>();
            List<ScheduledSender> senders = senders(
                    settings,
                    producers,
                    start,
                    settings.producerIdBase(),
                    settings.durationSeconds(),
                    false,
                    perSecond,
                    stats);
            // the harness counts its faults from this line, not from the process's start
            out.println(ProducerContract.SCHEDULE_STARTS);
            running.clear();
            running.addAll(senders);
            if (stopped.get()) {
                senders.forEach(ScheduledSender::requestStop);
            }
            ScheduledExecutorService ticker = reportProgress(settings, stats, start, out);
            sendAll(senders, stats);
            flushAndClose(producers);
            ticker.shutdownNow();
            ProducerSummary summary =
                    summarize(settings, stats, senders, perSecond, start.micros(), start.nanos(), preroll);
            if (settings.summaryFile().isPresent()) {
                summary.writeTo(settings.summaryFile().get());
            }
            printSummary(summary, stats, out);
            return summary.failed() > 0 ? ConsumerContract.EXIT_FAILED : ConsumerContract.EXIT_OK;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSigterm);
            } catch (IllegalStateException shuttingDown) {
                // SIGTERM path: the hook is already running and waits for the countDown above
            }
        }
    }

    /** When the schedule starts, on both clocks: a little ahead, so that creating the threads costs no lag. */
    private record Start(long nanos, long micros) {
        private static final long HEAD_START_MICROS = 100_000L;

        static Start soon() {
            Instant wall = Clock.systemUTC().instant();
            return new Start(
                    System.nanoTime() + HEAD_START_MICROS * 1000,
                    wall.getEpochSecond() * 1_000_000L + wall.getNano() / 1000 + HEAD_START_MICROS);
        }
    }

    private static void checkKafka(ProducerSettings settings, PrintStream out) {
        int partitions = KafkaPreflight.check(settings.kafka(), settings.topic(), settings.connectTimeout());
        out.printf(
                "producer: topic %s has %d partitions on %s%n",
                settings.topic(), partitions, settings.kafka().bootstrapServers());
    }

    /** One KafkaProducer per thread, each with the topic's metadata now, not inside its first scheduled send. */
    private static List<Producer<byte[], byte[]>> connect(ProducerSettings settings) {
        List<Producer<byte[], byte[]>> producers = new ArrayList<>();
        for (int i = 0; i < settings.threads(); i++) {
            Producer<byte[], byte[]> producer =
                    new KafkaProducer<>(kafkaProperties(settings, settings.producerIdBase() + i));
            producer.partitionsFor(settings.topic());
            producers.add(producer);
        }
        return producers;
    }

    /**
     * Thread i's share of the rate for {@code seconds} (0: until stopped), on one schedule from {@code start}, as
     * producer_id {@code firstId} + i; fills {@code stats} in thread order. The measured schedule and the
     * pre-roll differ only in ids, length and whether a late event is sent or skipped.
     */
    private static List<ScheduledSender> senders(
            ProducerSettings settings,
            List<Producer<byte[], byte[]>> producers,
            Start start,
            int firstId,
            long seconds,
            boolean skipLate,
            ScheduleSeconds perSecond,
            List<SenderStats> stats) {
        List<ScheduledSender> senders = new ArrayList<>();
        for (int i = 0; i < settings.threads(); i++) {
            RateSchedule schedule = new RateSchedule(settings.rateOfThread(i), start.nanos(), start.micros());
            long count = seconds == 0 ? Long.MAX_VALUE : schedule.eventsWithin(seconds);
            SenderStats s =
                    new SenderStats(firstId + i, perSecond, schedule.eventsPerSecond(), schedule.startEpochMicros());
            stats.add(s);
            senders.add(new ScheduledSender(
                    producers.get(i),
                    settings.topic(),
                    schedule,
                    count,
                    settings.messageBytes(),
                    s,
                    settings.kafka()::redact,
                    skipLate));
        }
        return senders;
    }

    /**
     * Sends {@code PRODUCER_PREROLL_S} seconds of the rate through the same KafkaProducers before the schedule,
     * as reserved producer ids that no analysis measures, and waits for every acknowledgement. A fresh JVM
     * sends through an interpreted client for its first seconds: at 200,000 msg/s on 2 cores the measured
     * schedule's first 3-6 s fell up to 1.7 s behind and failed the load check although every later second
     * was acknowledged within ~100 ms. After the pre-roll the schedule starts on a compiled send path. Returns
     * its producers' counters (none without a pre-roll).
     */
    private static List<SenderStats> preroll(
            ProducerSettings settings,
            List<Producer<byte[], byte[]>> producers,
            List<ScheduledSender> running,
            PrintStream out)
            throws InterruptedException {
        if (settings.prerollSeconds() == 0) {
            return List.of();
        }
        long started = System.nanoTime();
        Start start = Start.soon();
        List<SenderStats> stats = new ArrayList<>();
        // nothing of the pre-roll is counted per second: a schedule of length 0 keeps no counts
        List<ScheduledSender> senders = senders(
                settings,
                producers,
                start,
                prerollFirstId(settings.producerIdBase()),
                settings.prerollSeconds(),
                true,
                new ScheduleSeconds(start.nanos(), 0),
                stats);
        running.addAll(senders);
        sendAll(senders, stats);
        for (Producer<byte[], byte[]> p : producers) {
            p.flush();
        }
        long acked = stats.stream().mapToLong(x -> x.acked.get()).sum();
        out.printf(
                Locale.ROOT,
                "producer: pre-roll of %d s sent (%d events as producer ids from %d, not measured; %d skipped while "
                        + "behind, %d failed) in %.1f s, slowest ack %.0f ms after its due time%n",
                settings.prerollSeconds(),
                acked,
                prerollFirstId(settings.producerIdBase()),
                senders.stream().mapToLong(ScheduledSender::skipped).sum(),
                stats.stream().mapToLong(x -> x.failed.get()).sum(),
                (System.nanoTime() - started) / 1e9,
                stats.stream().mapToLong(x -> x.maxAckLagNanos.get()).max().orElse(0) / 1e6);
        return stats;
    }

    /**
     * The pre-roll's first producer id: above every measured one, and apart for each producer process (each has
     * its own PRODUCER_ID_BASE), so the pre-rolls of several processes feeding one topic never share an id.
     */
    static int prerollFirstId(int producerIdBase) {
        return ProducerContract.PREROLL_FROM + (producerIdBase < ProducerContract.UNMEASURED_FROM ? producerIdBase : 0);
    }

    /**
     * SIGTERM stops the senders running then (the pre-roll's or the schedule's) and any started after it; the
     * JVM exits when the hook returns, so it waits for main's summary.
     */
    private static Thread stopOnSigterm(List<ScheduledSender> senders, AtomicBoolean stopped, CountDownLatch finished) {
        Thread onSigterm = new Thread(
                () -> {
                    stopped.set(true);
                    senders.forEach(ScheduledSender::requestStop);
                    try {
                        finished.await(CLOSE_TIMEOUT.toSeconds() + 10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "producer-sigterm");
        Runtime.getRuntime().addShutdownHook(onSigterm);
        return onSigterm;
    }

    /** One progress line per interval, the first one interval after the schedule starts. */
    private static ScheduledExecutorService reportProgress(
            ProducerSettings settings, List<SenderStats> stats, Start start, PrintStream out) {
        ProgressReporter reporter = new ProgressReporter(stats, settings.rate(), start.nanos(), out);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "producer-progress");
            t.setDaemon(true);
            return t;
        });
        long intervalNanos = settings.reportInterval().toNanos();
        ticker.scheduleAtFixedRate(
                reporter::report,
                intervalNanos + (start.nanos() - System.nanoTime()),
                intervalNanos,
                TimeUnit.NANOSECONDS);
        return ticker;
    }

    /** Each sender on a thread of its own, named by its producer_id; returns when every one is done. */
    private static void sendAll(List<ScheduledSender> senders, List<SenderStats> stats) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < senders.size(); i++) {
            Thread t = new Thread(senders.get(i), "producer-" + stats.get(i).producerId);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private static void flushAndClose(List<Producer<byte[], byte[]>> producers) {
        for (Producer<byte[], byte[]> p : producers) {
            p.flush();
        }
        for (Producer<byte[], byte[]> p : producers) {
            p.close(CLOSE_TIMEOUT);
        }
    }

    private static void printSummary(ProducerSummary summary, List<SenderStats> stats, PrintStream out) {
        out.printf(
                "producer summary: sent=%d acked=%d failed=%d achieved_rate=%.0f/s max_send_lag_ms=%.0f "
                        + "max_ack_lag_ms=%.0f completed_schedule=%s%n",
                summary.sent(),
                summary.acked(),
                summary.failed(),
                summary.achievedRate(),
                summary.maxSendLagMs(),
                summary.maxAckLagMs(),
                summary.completedSchedule());
        stats.stream()
                .filter(s -> s.firstError.get() != null)
                .forEach(s -> out.printf(
                        "producer %d: %d sends failed, first error: %s%n",
                        s.producerId, s.failed.get(), s.firstError.get()));
        out.flush();
    }

    private static ProducerSummary summarize(
            ProducerSettings settings,
            List<SenderStats> stats,
            List<ScheduledSender> senders,
            ScheduleSeconds perSecond,
            long startMicros,
            long startNanos,
            List<SenderStats> preroll) {
        long sent = stats.stream().mapToLong(s -> s.sent.get()).sum();
        long acked = stats.stream().mapToLong(s -> s.acked.get()).sum();
        long failed = stats.stream().mapToLong(s -> s.failed.get()).sum();
        long lastAck = stats.stream().mapToLong(s -> s.lastAckNanos.get()).max().orElse(Long.MIN_VALUE);
        double elapsed = lastAck == Long.MIN_VALUE ? 0 : Math.max(1e-9, (lastAck - startNanos) / 1e9);
        double maxSendLagMs =
                stats.stream().mapToLong(s -> s.maxSendLagNanos.get()).max().orElse(0) / 1e6;
        double maxAckLagMs =
                stats.stream().mapToLong(s -> s.maxAckLagNanos.get()).max().orElse(0) / 1e6;
        boolean completed =
                settings.durationSeconds() > 0 && senders.stream().allMatch(ScheduledSender::finishedSchedule);
        return new ProducerSummary(
                settings.topic(),
                settings.rate(),
                settings.messageBytes(),
                Instant.EPOCH
                        .plus(startMicros, java.time.temporal.ChronoUnit.MICROS)
                        .toString(),
                Clock.systemUTC().instant().toString(),
                settings.durationSeconds(),
                elapsed,
                completed,
                sent,
                acked,
                failed,
                elapsed == 0 ? 0 : acked / elapsed,
                maxSendLagMs,
                maxAckLagMs,
                perSecond.snapshot(),
                perSecond.sendLagSnapshot(),
                stats.stream().map(ProducerSummary.PerProducer::of).toList(),
                preroll.stream().mapToLong(s -> s.acked.get()).sum(),
                preroll.stream().map(ProducerSummary.PerProducer::of).toList());
    }

    /**
     * Encodes events that are never sent, so the first scheduled seconds do not run the encoder in
     * the interpreter: a cold start showed ~0.4 s of lag at 200K/s, which would count as latency.
     */
    private static void warmUpEncoder(int messageBytes) {
        streambench.common.EventCodec codec = new streambench.common.EventCodec();
        long sink = 0;
        for (int seq = 0; seq < 200_000; seq++) {
            String payload = "x".repeat(streambench.common.EventCodec.payloadLengthFor(messageBytes, 0, seq));
            sink += codec.encode(new streambench.common.Event(1_800_000_000_000_000L + seq, 0, seq, payload)).length;
        }
        if (sink == 42) {
            System.out.print(""); // keeps the loop from being optimised away
        }
    }

    static Map<String, Object> kafkaProperties(ProducerSettings settings, int producerId) {
        Map<String, Object> props = new HashMap<>(settings.kafka().properties());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "streambench-producer-" + producerId);
        props.put(ProducerConfig.ACKS_CONFIG, settings.acks().kafkaValue());
        props.put(ProducerConfig.LINGER_MS_CONFIG, settings.lingerMs());
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, settings.batchSize());
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, settings.compression().kafkaValue());
        props.put(ProducerConfig.BUFFER_MEMORY_CONFIG, settings.bufferMemory());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return props;
    }
}
