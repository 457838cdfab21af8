package streambench.harness.engine;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import streambench.common.ProducerContract;
import streambench.harness.analysis.TableAnalysis;
import streambench.services.ProducerLauncher;
import streambench.services.ProducerReport;
import streambench.services.delta.DeltaLogTail;

/**
 * "Ready" says the consumer committed once; the warm start makes sure the run's own path (its topic, its
 * partitions, its table) has carried load at the run's rate before anything is measured, the same way for every
 * engine: the first seconds after ready otherwise measure JIT compilation and cold caches, not the engine. The
 * measured schedule starts only once every acknowledged warm-up event is in the table; an engine that cannot get
 * there within the drain timeout is measured anyway (it will fail on its own figures) and the summary says its
 * warm start never completed.
 */
record WarmStartPhase(RunInfo info, RunDirectory dir, Map<String, String> overrides, PrintStream out) {
    /** A warm start and its producer's summary (null when there was none), whose rows the analysis checks. */
    record Sent(WarmStart warmStart, ProducerReport report) {}

    Sent send(Engine engine, String topic, ProducerLauncher producer, DeltaLogTail tail, ConsumerSlot slot)
            throws InterruptedException {
        long seconds = info.warmStartSeconds();
        if (seconds == 0) {
            return new Sent(WarmStart.NONE, null);
        }
        out.printf(
                "  warm start: %d s at %,d msg/s into %s (producer ids from %,d, not measured) ...%n",
                seconds, info.rate(), topic, TableAnalysis.WARM_START_PRODUCER_ID_BASE);
        ProducerReport report = produce(engine, topic, producer, seconds);
        long acked = report.acked();
        long endMillis = report.scheduleEndMicros(seconds) / 1000;
        RowWait.await(slot, tail::unmeasuredRows, acked, 100, info.drainTimeoutSeconds(), () -> {});
        if (tail.unmeasuredRows() < acked) {
            out.printf(
                    "  warm start incomplete: %,d of %,d warm-up events in the table after %d s; measuring anyway%n",
                    tail.unmeasuredRows(), acked, info.drainTimeoutSeconds());
            return new Sent(new WarmStart(seconds, info.rate(), acked, 0, Double.NaN), report);
        }
        double visibleAfter = Math.max(0, System.currentTimeMillis() - endMillis) / 1000.0;
        out.printf("  warm start done: %,d events in the table %.1f s after its schedule ended%n", acked, visibleAfter);
        return new Sent(new WarmStart(seconds, info.rate(), acked, 0, visibleAfter), report);
    }

    private ProducerReport produce(Engine engine, String topic, ProducerLauncher producer, long seconds)
            throws InterruptedException {
        Map<String, String> knobs = new LinkedHashMap<>(overrides);
        knobs.put("PRODUCER_ID_BASE", Integer.toString(TableAnalysis.WARM_START_PRODUCER_ID_BASE));
        // the warm start is unmeasured already: a pre-roll before it would only make it longer
        knobs.put("PRODUCER_PREROLL_S", "0");
        ProducerLauncher.Outcome sent = producer.run(
                new ProducerLauncher.Request(topic, info.rate(), seconds, info.messageBytes(), knobs),
                dir.file(engine.id() + "-warmstart-producer-summary.json"),
                dir.file(engine.id() + "-warmstart-producer.log"),
                line -> {
                    if ((line.startsWith("producer:") && !line.startsWith(ProducerContract.SCHEDULE_STARTS))
                            || line.contains("failed")) {
                        out.println("  warm start " + line);
                    }
                });
        return sent.report()
                .orElseThrow(() -> new IllegalStateException("the warm-start producer failed (exit " + sent.exitCode()
                        + ") without a summary; see " + dir.file(engine.id() + "-warmstart-producer.log")));
    }
}
