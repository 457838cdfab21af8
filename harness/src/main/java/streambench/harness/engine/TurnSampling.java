package streambench.harness.engine;

import streambench.common.ConsumerContract;
import streambench.services.ProcessSampler;
import streambench.services.Services;

/** What the sampler follows through a turn once the consumer is ready: its CPU, memory and heap, the broker's, the store's. */
final class TurnSampling {
    private TurnSampling() {}

    static void watch(ProcessSampler sampler, ConsumerSlot slot, Services services) {
        sampler.watch("consumer", slot.current().process().pid());
        sampler.heapAfterGc(
                "consumer", () -> slot.current().metrics().getOrDefault(ConsumerContract.JVM_HEAP_AFTER_GC_BYTES, -1L));
        services.kafkaPid().ifPresent(pid -> sampler.watch("kafka", pid));
        services.azuritePid().ifPresent(pid -> sampler.watch("azurite", pid));
    }
}
