package streambench.harness.engine;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import streambench.harness.analysis.StoreWindows;
import streambench.harness.fault.FaultInjector;
import streambench.harness.fault.FaultRun;
import streambench.harness.fault.FaultSpec;
import streambench.harness.fault.PoisonProducer;
import streambench.services.ChildProcess;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;
import streambench.services.StoreProbe;
import streambench.services.delta.DeltaLogTail;

/**
 * After the load: waits until every acknowledged event of the measured producers is visible, the consumer dies, or
 * the drain timeout passes, and says which; then stops what the turn started and gathers what the analysis needs.
 * Only measured rows count: the warm start's and the pre-roll's, and any duplicate of them, must not end the drain
 * before the load's own rows are in.
 */
record DrainPhase(RunInfo info, List<FaultSpec> faults, PrintStream out) {
    /**
     * The end of the load: the poison producer's last sends, the drain, the faults closed (a lake paused past the
     * load is resumed before the consumer stops), the consumer stopped, the table's last version seen: what that
     * leaves for the analysis, with the load's producer summary, the warm start's (null when there was none) and what
     * the consumer's JVM said of itself when it became ready.
     */
    MeasuredTurn finish(
            Engine engine,
            ConsumerSlot slot,
            DeltaLogTail tail,
            FaultInjector injector,
            PoisonProducer poison,
            ProcessSampler sampler,
            ProducerReport produced,
            ProducerReport warmStart,
            Optional<ConsumerJvm> jvm,
            StoreProbe probe)
            throws Exception {
        if (poison != null) {
            poison.finish();
        }
        // the pre-roll's rows come before the schedule's: the table holds both before the load is in
        drain(engine, slot, tail, produced.acked());
        long drainEndedMillis = System.currentTimeMillis();
        long malformed = slot.malformedCounted(slot.current().metrics());
        injector.close();
        slot.close();
        boolean exitedOnItsOwn = slot.current().process().exitedOnItsOwn();
        tail.pollOnce();
        if (probe != null) {
            probe.close(); // the store beside the load is measured; the read-back and the analysis are not the load
        }
        FaultRun faultRun = new FaultRun(
                faults,
                injector.fired(),
                poison == null ? 0 : poison.acked(),
                poison == null ? 0 : poison.failed(),
                malformed,
                slot.restarts());
        return new MeasuredTurn(
                produced,
                warmStart,
                tail.visibility(),
                malformed,
                sampler.samples(),
                slot.current().process().logTail(),
                exitedOnItsOwn,
                faultRun,
                jvm,
                drainEndedMillis,
                probe == null
                        ? List.of()
                        : probe.samples().stream()
                                .map(p -> new StoreWindows.ProbeReading(
                                        p.epochMillis(), p.kind().name(), p.micros(), p.failed()))
                                .toList());
    }

    private void drain(Engine engine, ConsumerSlot slot, DeltaLogTail tail, long acked) throws InterruptedException {
        RowWait.await(
                slot,
                tail::measuredRows,
                acked,
                250,
                info.drainTimeoutSeconds(),
                () -> out.printf("  draining %s: %,d of %,d committed%n", engine.id(), tail.measuredRows(), acked));
        long committed = tail.measuredRows();
        if (!slot.current().process().isAlive()) {
            sayWhyItExited(engine, slot.current().process());
        } else if (committed < acked) {
            out.printf(
                    "  drain timeout: %,d of %,d committed after %d s%s%n",
                    committed,
                    acked,
                    info.drainTimeoutSeconds(),
                    tail.lastError() == null
                            ? ""
                            : "; the table's log could not be read: "
                                    + tail.lastError().getMessage());
        } else {
            out.printf("  drained: all %,d events committed%n", acked);
        }
    }

    /**
     * A consumer that ended by itself is the run's most important news: its exit code and the end of its log on the
     * console, so that the reason is where the reader already is (a CI log, a terminal), not only in a file left on
     * a machine that may be gone.
     */
    private void sayWhyItExited(Engine engine, ChildProcess process) throws InterruptedException {
        out.println("  " + engine.label() + " consumer exited during the run " + process.howItEnded());
    }
}
