package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuTimesTest {
    @Test
    void stealIsTheShareOfEveryStateUpToStealThatOtherGuestsTook() {
        CpuTimes before = CpuTimes.parse("cpu  1000 0 200 5000 10 0 5 100 0 0").orElseThrow();
        // 400 ticks pass: 300 of ours, 100 stolen
        CpuTimes after = CpuTimes.parse("cpu  1250 0 250 5000 10 0 5 200 40 0").orElseThrow();
        assertThat(after.stealPercentSince(before)).hasValue(25.0);
        assertThat(before.stealPercentSince(before)).isEmpty();
    }

    @Test
    void aLineWithoutAStealColumnOrNotTheAggregateIsNoReading() {
        assertThat(CpuTimes.parse("cpu  1000 0 200 5000")).isEmpty();
        assertThat(CpuTimes.parse("cpu0 1000 0 200 5000 10 0 5 100 0 0")).isEmpty();
    }
}
