package streambench.harness.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import streambench.common.AtomicFiles;
import streambench.common.Secrets;
import streambench.services.CpuProbe;
import streambench.services.CpuTimes;
import streambench.services.Machine;

/**
 * {@code manifest.json}: what made the results in a folder, so that a figure never rests on a hash typed into
 * prose. The command line (secrets masked), the commit the harness was built from and whether its tree was dirty,
 * the workload, every knob each engine got (secrets masked), the machine (with the share of its CPU time that
 * other guests of its hypervisor took while the command ran), start, end and status. Written when the
 * command starts ({@code "status": "running"}: a folder whose manifest still says so was interrupted) and again when
 * it ends, into every folder the command writes.
 */
public final class Manifest {
    public static final String FILE = "manifest.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    record Json(
            String command,
            List<String> args,
            BuildInfo build,
            String started,
            @JsonInclude(Include.NON_NULL) String ended,
            String status,
            Map<String, Object> workload,
            Map<String, Map<String, String>> knobs,
            MachineJson machine) {}

    /**
     * @param stealPct per cent of the machine's CPU time that its hypervisor gave to other guests between the
     *     command's start and this writing; null where the OS does not say (not Linux)
     * @param cpuProbeMs milliseconds one core took at the command's start to encode and decode a fixed batch of
     *     events ({@link CpuProbe}): lower is a faster core
     */
    record MachineJson(
            int cores,
            @JsonProperty("memory_gib") double memoryGib,
            String jvm,
            String os,
            String arch,

            @JsonInclude(Include.NON_NULL) @JsonProperty("cpu_steal_pct")
            Double stealPct,

            @JsonProperty("cpu_probe_ms") double cpuProbeMs) {}

    private final String command;
    private final List<String> args;
    private final BuildInfo build;
    private final Instant started;
    private final Map<String, Object> workload;
    private final Machine machine;
    private final List<Path> folders;
    private final Map<String, Map<String, String>> knobs = new TreeMap<>();
    private final java.util.Optional<CpuTimes> cpuAtStart = CpuTimes.now();
    private final double cpuProbeMs = CpuProbe.millis();

    private Manifest(
            String command,
            List<String> args,
            BuildInfo build,
            Map<String, Object> workload,
            Machine machine,
            List<Path> folders) {
        this.command = command;
        this.args = args;
        this.build = build;
        this.started = Instant.now();
        this.workload = workload;
        this.machine = machine;
        this.folders = folders;
    }

    /**
     * Writes the manifest of a command just started into each of {@code folders}.
     *
     * @param args     the command line as given; a {@code KEY=VALUE} whose key names a secret is masked
     * @param workload what was offered: rate, durations, partitions, engines, faults
     */
    public static Manifest begin(
            String command, List<String> args, Map<String, Object> workload, Machine machine, List<Path> folders)
            throws IOException {
        Manifest m = new Manifest(
                command, masked(args), BuildInfo.current(), new LinkedHashMap<>(workload), machine, folders);
        m.write("running", null);
        return m;
    }

    /** What a run or a trial offered, for the manifest's {@code workload}. */
    public static Map<String, Object> workload(streambench.harness.engine.RunInfo info, List<String> engines) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("engines", engines);
        w.put("rate", info.rate());
        w.put("duration_s", info.durationSeconds());
        w.put("partitions", info.partitions());
        w.put("message_bytes", info.messageBytes());
        w.put("warm_start_s", info.warmStartSeconds());
        w.put("warmup_s", info.warmupSeconds());
        w.put("threshold_s", info.thresholdSeconds());
        w.put("store_delay_ms", info.storeDelayMs());
        w.put("visibility_poll_ms", info.measurement().visibilityPollMs());
        w.put("store_probe_ms", info.measurement().storeProbeMs());
        w.put("prefill_store", info.measurement().prefillFiles());
        w.put("engine_cpus", info.measurement().engineCpus());
        w.put("faults", info.faults());
        return w;
    }

    /** The knobs one engine ran with; secrets masked when written. */
    public synchronized void knobs(String engine, Map<String, String> engineKnobs) {
        Secrets.rememberSecretsIn(engineKnobs);
        knobs.put(engine, Secrets.redact(new TreeMap<>(engineKnobs)));
    }

    /** The command ended: {@code status} is what its status line said (Succeeded, Failed) or why it stopped. */
    public synchronized void end(String status) throws IOException {
        write(status, Instant.now());
    }

    private synchronized void write(String status, Instant ended) throws IOException {
        Json json = new Json(
                command,
                args,
                build,
                started.toString(),
                ended == null ? null : ended.toString(),
                status,
                workload,
                new TreeMap<>(knobs),
                new MachineJson(
                        machine.cores(),
                        Math.round(machine.memoryBytes() / 1073741824.0 * 10) / 10.0,
                        machine.jvm(),
                        System.getProperty("os.name") + " " + System.getProperty("os.version"),
                        System.getProperty("os.arch"),
                        stealPercent(),
                        cpuProbeMs));
        for (Path folder : folders) {
            Files.createDirectories(folder);
            AtomicFiles.write(folder.resolve(FILE), out -> JSON.writeValue(out, json));
        }
    }

    /** Steal since the start, to a tenth of a per cent: what explains a result that moves with the hour. */
    private Double stealPercent() {
        return cpuAtStart
                .flatMap(start -> CpuTimes.now().map(now -> now.stealPercentSince(start)))
                .filter(java.util.OptionalDouble::isPresent)
                .map(p -> Math.round(p.getAsDouble() * 10) / 10.0)
                .orElse(null);
    }

    /** Every argument; the value of {@code --set KEY=VALUE} (or any KEY=VALUE) masked when KEY names a secret. */
    static List<String> masked(List<String> args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            String key = eq > 0 ? a.substring(0, eq) : "";
            if (eq > 0 && Secrets.isSecretName(key.replaceFirst("^--?", ""))) {
                out.add(key + "=" + Secrets.REDACTED);
            } else {
                out.add(Secrets.redactText(a));
            }
        }
        return out;
    }
}
