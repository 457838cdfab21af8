package streambench.harness.services;

import java.lang.management.ManagementFactory;

/** The facts about this machine that every result must carry: cores, memory, JVM. */
public record Machine(int cores, long memoryBytes, String jvm) {
    public static Machine current() {
        long memory = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new Machine(
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    }

    public String describe() {
        return String.format("%d cores, %.1f GiB, %s", cores, memoryBytes / (1024.0 * 1024 * 1024), jvm);
    }

    /**
     * A warning when the machine is small for the rate: measured on 2 cores, 200K msg/s took ~1.7 cores
     * for producer and broker alone (docs/verified-facts.md), leaving little for the engine under test.
     */
    public java.util.Optional<String> loadWarning(long rate) {
        double coresForLoad = 1.7 * rate / 200_000.0;
        if (coresForLoad > cores * 0.5) {
            return java.util.Optional.of(String.format(
                    "warning: %,d msg/s needs ~%.1f cores for producer + broker alone; this machine has %d. "
                            + "The engine will compete for CPU: expect a lower sustainable rate than on a real cluster.",
                    rate, coresForLoad, cores));
        }
        return java.util.Optional.empty();
    }
}
