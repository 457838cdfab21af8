package streambench.harness.analysis;

import java.util.List;
import java.util.OptionalLong;

/**
 * How an engine came through one fault, from the per-second readings: the peak latency from the fault
 * until the next one (or the end), and the recovery time: from the fault until the per-second max is
 * back under the threshold and stays there for the rest of that window.
 */
public record Recovery(long faultSecond, double peakSeconds, OptionalLong recoverySeconds) {

    public boolean recovered() {
        return recoverySeconds.isPresent();
    }

    /**
     * @param bins        every second's reading, in order
     * @param faultSecond the second of the load the fault began
     * @param untilSecond the end of its window (exclusive): the next fault, or the end of the load
     */
    public static Recovery of(List<SecondBin> bins, double thresholdSeconds, long faultSecond, long untilSecond) {
        List<SecondBin> window = bins.stream()
                .filter(b -> b.elapsedSecond() >= faultSecond && b.elapsedSecond() < untilSecond).toList();
        if (window.isEmpty()) {
            return new Recovery(faultSecond, Double.NaN, OptionalLong.empty());
        }
        double peak = window.stream().mapToDouble(SecondBin::maxSeconds).max().orElseThrow();
        int lastOver = -1;
        for (int i = 0; i < window.size(); i++) {
            if (!(window.get(i).maxSeconds() < thresholdSeconds)) {
                lastOver = i;
            }
        }
        if (lastOver == window.size() - 1) {
            return new Recovery(faultSecond, peak, OptionalLong.empty());
        }
        long back = lastOver < 0 ? faultSecond : window.get(lastOver + 1).elapsedSecond();
        return new Recovery(faultSecond, peak, OptionalLong.of(back - faultSecond));
    }
}
