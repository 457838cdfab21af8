package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CPU and RSS each second from /proc, and the heap after GC from whoever can say it, every few seconds. */
class ProcessSamplerTest {
    @Test
    void aProcessThatReportsItsHeapGetsItSampledBesideCpuAndRss() throws Exception {
        try (ProcessSampler sampler = new ProcessSampler()) {
            sampler.watch("self", ProcessHandle.current().pid());
            sampler.heapAfterGc("self", () -> 64L * 1024 * 1024);
            List<ProcessSampler.Sample> samples = List.of();
            for (int i = 0; i < 100 && samples.stream().allMatch(s -> Double.isNaN(s.heapAfterGcMiB())); i++) {
                Thread.sleep(100);
                samples = sampler.samples().get("self");
            }
            assertThat(samples)
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.rssMiB()).isPositive());
            assertThat(samples).anySatisfy(s -> assertThat(s.heapAfterGcMiB()).isEqualTo(64.0));
            // asked every few seconds, not each one: the rest say nothing rather than repeat it
            assertThat(samples)
                    .filteredOn(s -> Double.isNaN(s.heapAfterGcMiB()))
                    .isNotEmpty();
        }
    }
}
