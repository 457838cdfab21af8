package streambench.harness.engine;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import streambench.common.ProducerContract;
import streambench.harness.fault.FaultInjector;
import streambench.harness.fault.PoisonProducer;
import streambench.services.ProcessSampler;
import streambench.services.ProducerLauncher;
import streambench.services.delta.DeltaLogTail;

/**
 * The measured schedule: the producer at the run's rate for its duration, the faults and the poison producer
 * started when its schedule starts (a pre-roll puts that seconds after the process's start), and the live view
 * fed from the producer's lines.
 */
record MeasuredLoad(RunInfo info, RunDirectory dir, Map<String, String> overrides, PrintStream out) {
    /** {@code poison} may be null: no poison fault in this run. */
    ProducerLauncher.Outcome run(
            Engine engine,
            String topic,
            ProducerLauncher producer,
            DeltaLogTail tail,
            FaultInjector injector,
            PoisonProducer poison,
            ProcessSampler sampler)
            throws InterruptedException {
        LiveView live = new LiveView(engine.id(), info.durationSeconds(), tail, out);
        AtomicBoolean faultsStarted = new AtomicBoolean();
        return producer.run(
                new ProducerLauncher.Request(
                        topic, info.rate(), info.durationSeconds(), info.messageBytes(), overrides),
                dir.file(engine.id() + "-producer-summary.json"),
                dir.file(engine.id() + "-producer.log"),
                line -> {
                    if (line.startsWith(ProducerContract.SCHEDULE_STARTS) && faultsStarted.compareAndSet(false, true)) {
                        injector.start();
                        if (poison != null) {
                            poison.start();
                        }
                    }
                    live.onProducerLine(line);
                },
                pid -> sampler.watch("producer", pid));
    }
}
