package streambench.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import streambench.common.ConfigException;

/**
 * The engine on cores of its own, everything else (broker, store, producers, the harness) on the rest: on a shared
 * machine a store that works harder takes its CPU from the engine, and the engine looks slower; kept apart, the
 * store's extra work shows as the store's latency, as it does against a real account whose CPU is not ours.
 * Pins with {@code taskset -a -p}, every thread of a process; threads started later inherit their creator's cores.
 *
 * @param engineCpus the engine's cores, as {@code taskset} lists them ({@code 1}, {@code 2-3})
 * @param otherCpus  the rest of the cores this process may use
 * @param allCpus    every core this process may use: what {@link #release} gives back
 */
public record CpuAffinity(String engineCpus, String otherCpus, String allCpus) {
    /**
     * @param engineCpus a core list ({@code 1}, {@code 0,2}, {@code 2-3}); empty: no pinning
     * @param option     the option or variable that set it, for the error
     */
    public static Optional<CpuAffinity> parse(String engineCpus, String option) {
        if (engineCpus == null || engineCpus.isBlank()) {
            return Optional.empty();
        }
        TreeSet<Integer> allowed = allowedCpus();
        TreeSet<Integer> engine = list(engineCpus.trim(), option);
        if (!allowed.containsAll(engine)) {
            throw new ConfigException(option + " names cores this process may not use: " + engineCpus + " (it may use "
                    + text(allowed) + ")");
        }
        TreeSet<Integer> others = new TreeSet<>(allowed);
        others.removeAll(engine);
        if (others.isEmpty()) {
            throw new ConfigException(option + "=" + engineCpus + " leaves no core for the broker, the store and the "
                    + "producer (this process may use " + text(allowed) + ")");
        }
        try {
            run("taskset", "-p", Long.toString(ProcessHandle.current().pid()));
        } catch (IOException e) {
            throw new ConfigException(option + " needs taskset (util-linux) on the PATH: " + e.getMessage());
        }
        return Optional.of(new CpuAffinity(text(engine), text(others), text(allowed)));
    }

    /** Puts every thread of {@code pid} on the engine's cores. */
    public void pinEngine(long pid) throws IOException {
        pin(engineCpus, pid);
    }

    /** Puts every thread of {@code pid} on the other cores. */
    public void pinOthers(long pid) throws IOException {
        pin(otherCpus, pid);
    }

    /** Gives {@code pid} every core again (the harness after its turn, the broker and the store it keeps). */
    public void release(long pid) throws IOException {
        pin(allCpus, pid);
    }

    /** Once more when it fails: a thread that ended while taskset went through them fails the first pass. */
    private static void pin(String cpus, long pid) throws IOException {
        try {
            run("taskset", "-a", "-p", "-c", cpus, Long.toString(pid));
        } catch (IOException first) {
            run("taskset", "-a", "-p", "-c", cpus, Long.toString(pid));
        }
    }

    /** Parses a core list: numbers and ranges separated by commas. */
    static TreeSet<Integer> list(String text, String option) {
        TreeSet<Integer> out = new TreeSet<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (!p.matches("\\d{1,4}(-\\d{1,4})?")) {
                throw new ConfigException(
                        option + " must be a list of cores such as 1 or 2-3 or 0,2, got \"" + text + "\"");
            }
            String[] ends = p.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = Integer.parseInt(ends[ends.length - 1]);
            if (to < from) {
                throw new ConfigException(option + ": the range " + p + " runs backwards");
            }
            for (int c = from; c <= to; c++) {
                out.add(c);
            }
        }
        return out;
    }

    static String text(TreeSet<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** The cores this process may run on, from /proc; every core the JVM sees where /proc does not say. */
    private static TreeSet<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return list(line.substring(line.indexOf(':') + 1).trim(), "Cpus_allowed_list");
                }
            }
        } catch (IOException | ConfigException e) {
            // not Linux, or a /proc that says something else: the JVM's count stands in
        }
        TreeSet<Integer> all = new TreeSet<>();
        for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
            all.add(c);
        }
        return all;
    }

    private static void run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in 30 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted: " + String.join(" ", command));
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + p.exitValue() + "): " + output);
        }
    }
}
