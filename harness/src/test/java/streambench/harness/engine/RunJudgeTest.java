package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import streambench.harness.analysis.CommitRow;

class RunJudgeTest {
    private static CommitRow foundAfter(long lookMillis) {
        return new CommitRow(1, 1000, 1100, 1000, lookMillis, 10, 0.1, 0.5);
    }

    /** One slow look (a GC pause, a retried request) must not widen the clocks check's allowance: the median. */
    @Test
    void theStoresRequestTimeIsTheMedianOfTheLooksThatFoundACommit() {
        assertThat(RunJudge.storeRequestMs(List.of(foundAfter(20), foundAfter(900), foundAfter(22))))
                .isEqualTo(22);
        assertThat(RunJudge.storeRequestMs(List.of(foundAfter(20), foundAfter(24), foundAfter(-1))))
                .as("unmeasured looks left out; an even count takes the middle two")
                .isEqualTo(22);
        assertThat(RunJudge.storeRequestMs(List.of(foundAfter(-1)))).isNaN();
    }
}
