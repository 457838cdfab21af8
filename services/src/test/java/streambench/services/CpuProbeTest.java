package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuProbeTest {
    @Test
    void measuresOncePerProcessAndSaysHowLongTheFixedWorkTook() {
        double first = CpuProbe.millis();
        assertThat(first).as("the fastest round of the fixed work, in ms").isPositive();
        assertThat(CpuProbe.millis())
                .as("measured once: every manifest of a command says the same")
                .isEqualTo(first);
    }
}
