package streambench.harness.engine;

import java.util.List;
import java.util.Map;
import streambench.harness.analysis.StoreWindows;
import streambench.harness.fault.FaultRun;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;
import streambench.services.delta.Visibility;

/**
 * What the measured part of a turn hands to the analysis: the producer's summary (and the warm start's, whose rows
 * the table also holds), when the harness first saw each version, the malformed records the consumer counted, the
 * sampled processes, the end of the consumer's log, whether it ended on its own, and the faults that fired.
 *
 * @param warmStart the warm start's producer summary; null when there was none
 * @param logTail   the consumer's last lines, kept in the result of a turn that did not pass
 * @param consumerJvm what the consumer's JVM said of itself when it became ready; empty when it did not
 * @param drainEndedMillis when the turn stopped waiting for the load's rows (epoch ms), -1 when no turn waited: rows
 *     never visible are censored there, rows visible after it are late
 * @param storeProbe what the store probe met beside the engine (empty when it did not run)
 */
public record MeasuredTurn(
        ProducerReport producer,
        ProducerReport warmStart,
        Map<Long, Visibility> visibility,
        long malformed,
        Map<String, List<ProcessSampler.Sample>> processes,
        String logTail,
        boolean crashed,
        FaultRun faultRun,
        java.util.Optional<ConsumerJvm> consumerJvm,
        long drainEndedMillis,
        List<StoreWindows.ProbeReading> storeProbe) {

    /** A table analysed without a run ({@code analyze}): only the producer's summary is known. */
    public static MeasuredTurn ofProducer(ProducerReport producer) {
        return new MeasuredTurn(
                producer,
                null,
                Map.of(),
                0,
                Map.of(),
                "",
                false,
                FaultRun.NONE,
                java.util.Optional.empty(),
                -1,
                List.of());
    }
}
