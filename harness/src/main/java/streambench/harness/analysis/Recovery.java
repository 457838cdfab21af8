package streambench.harness.analysis;

import java.util.List;
import java.util.OptionalLong;

/**
 * How an engine came through one fault, from the per-second readings: the recovery time, from the fault
 * until the per-second max is back under the threshold and stays there for the rest of the fault's
 * window, and the peak latency over that window and the seconds just before the fault, whose events were
 * still in flight when it struck.
 *
 * <p>Recovery is wall-clock time: the readings are binned by each event's intended second, and the first second
 * back under the threshold was back only when its events became visible, its latency later. Counted in ts
 * seconds alone, a recovery would look up to a threshold's worth of seconds shorter than it was.
 */
public record Recovery(long faultSecond, double peakSeconds, OptionalLong recoverySeconds) {

    public boolean recovered() {
        return recoverySeconds.isPresent();
    }

    /**
     * @param bins        every second's reading, in order
     * @param peakFrom    the first second whose events the fault could reach (in flight when it struck)
     * @param faultSecond the second of the load the fault began
     * @param untilSecond the end of its window (exclusive): where the next fault's reach begins, or the end
     */
    public static Recovery of(
            List<SecondBin> bins, double thresholdSeconds, long peakFrom, long faultSecond, long untilSecond) {
        List<SecondBin> window = bins.stream()
                .filter(b -> b.elapsedSecond() >= faultSecond && b.elapsedSecond() < untilSecond)
                .toList();
        if (window.isEmpty()) {
            return new Recovery(faultSecond, Double.NaN, OptionalLong.empty());
        }
        double peak = bins.stream()
                .filter(b -> b.elapsedSecond() >= peakFrom && b.elapsedSecond() < untilSecond)
                .mapToDouble(SecondBin::maxSeconds)
                .max()
                .orElseThrow();
        int lastOver = -1;
        for (int i = 0; i < window.size(); i++) {
            if (!(window.get(i).maxSeconds() < thresholdSeconds)) {
                lastOver = i;
            }
        }
        if (lastOver == window.size() - 1) {
            return new Recovery(faultSecond, peak, OptionalLong.empty());
        }
        if (lastOver < 0) {
            return new Recovery(faultSecond, peak, OptionalLong.of(0));
        }
        SecondBin back = window.get(lastOver + 1);
        long visibleAt = (long) Math.ceil(back.elapsedSecond() + back.maxSeconds());
        return new Recovery(faultSecond, peak, OptionalLong.of(Math.max(0, visibleAt - faultSecond)));
    }
}
