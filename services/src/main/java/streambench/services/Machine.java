package streambench.services;

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
     * A note when the machine is small: everything of the run shares its cores, which the run measures (every
     * process's CPU is in the summary) rather than predicts.
     */
    public java.util.Optional<String> loadWarning(long rate) {
        if (cores >= 8) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(
                "note: producer, broker, lake and engine all share this machine's %d cores at %,d msg/s; each "
                        + "process's CPU is in the summary",
                cores, rate));
    }
}
