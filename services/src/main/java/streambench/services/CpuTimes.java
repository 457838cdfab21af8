package streambench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The machine's cumulative CPU time, from the {@code cpu} line of Linux's {@code /proc/stat}, in clock ticks. Two
 * readings give the share of the machine's CPU time a hypervisor gave to other guests meanwhile ("steal"): on a
 * shared virtual machine the same commit can pass or fail at one rate by the hour, and a result must say how much
 * of its machine it actually had.
 *
 * @param total every tick of every state, steal included
 * @param steal the ticks this machine's CPUs wanted to run but the hypervisor ran someone else
 */
public record CpuTimes(long total, long steal) {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final int STEAL_COLUMN = 8; // cpu user nice system idle iowait irq softirq steal guest guest_nice

    /** This machine's reading now; empty where there is no {@code /proc/stat} (not Linux) or it cannot be read. */
    public static Optional<CpuTimes> now() {
        try {
            return Files.readAllLines(PROC_STAT).stream()
                    .filter(l -> l.startsWith("cpu "))
                    .findFirst()
                    .flatMap(CpuTimes::parse);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The aggregate {@code cpu} line; guest time is already inside user time, so it is not added again. */
    static Optional<CpuTimes> parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length <= STEAL_COLUMN || !f[0].equals("cpu")) {
            return Optional.empty();
        }
        long total = 0;
        for (int i = 1; i <= STEAL_COLUMN; i++) {
            total += Long.parseLong(f[i]);
        }
        return Optional.of(new CpuTimes(total, Long.parseLong(f[STEAL_COLUMN])));
    }

    /** Per cent of the CPU time since {@code earlier} that went to other guests; empty when no time passed. */
    public OptionalDouble stealPercentSince(CpuTimes earlier) {
        long ticks = total - earlier.total;
        if (ticks <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(100.0 * (steal - earlier.steal) / ticks);
    }
}
