package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackgroundCheckpointerTest {
    @Test
    void afterFailuresTheNextTryWaitsLongerEachTimeUpToAFewMinutes() {
        assertThat(BackgroundCheckpointer.retryAfter(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(BackgroundCheckpointer.retryAfter(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(BackgroundCheckpointer.retryAfter(5)).isEqualTo(Duration.ofSeconds(16));
        assertThat(BackgroundCheckpointer.retryAfter(10)).isEqualTo(BackgroundCheckpointer.MAX_RETRY_WAIT);
        assertThat(BackgroundCheckpointer.retryAfter(1_000)).isEqualTo(BackgroundCheckpointer.MAX_RETRY_WAIT);
    }

    @Test
    void aStopLeavesARunningCheckpointTimeToFinishWithinTheHarnesssGrace() {
        assertThat(BackgroundCheckpointer.FINISH_ON_STOP)
                .isPositive()
                .isLessThan(streambench.common.ConsumerContract.STOP_GRACE);
    }
}
