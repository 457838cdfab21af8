package streambench.harness.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.Secrets;

/** Options shared by the commands that put load on Kafka; each has an environment equivalent. */
final class LoadOptions {
    @Option(
            names = "--partitions",
            defaultValue = "${env:PARTITIONS:-4}",
            description = "Partitions of each run's topic (env PARTITIONS, default ${DEFAULT-VALUE}).")
    int partitions;

    @Option(
            names = "--message-bytes",
            defaultValue = "${env:MESSAGE_BYTES:-100}",
            description = "Size of each JSON event in bytes (env MESSAGE_BYTES, default ${DEFAULT-VALUE}).")
    int messageBytes;

    @Option(
            names = "--warm-start",
            defaultValue = "${env:WARM_START_S:-30}",
            description = "Seconds of warm-up load at the run's rate, sent into the run's topic under producer ids "
                    + "reserved for it once the consumer is ready; the measured schedule starts when all of it is "
                    + "in the table. Never measured, counted apart; the same for every engine. 0: none "
                    + "(env WARM_START_S, default ${DEFAULT-VALUE}).")
    long warmStartSeconds;

    @Option(
            names = "--store-delay-ms",
            defaultValue = "${env:STORE_DELAY_MS:-0}",
            description = "Milliseconds added to every request to the embedded lake by a proxy in front of Azurite, "
                    + "to see how latency grows with the store's round trip; a real in-region object store answers a "
                    + "small request in tens of ms (docs/store-delay.md). Embedded lake only "
                    + "(env STORE_DELAY_MS, default ${DEFAULT-VALUE}).")
    long storeDelayMs;

    @Option(
            names = "--prefill-store",
            defaultValue = "${env:PREFILL_STORE:-0}",
            description = "Small files to put in the lake's container before each engine's turn, beside its table: "
                    + "a control that shows what a store holding that many blobs costs on its own (Azurite's "
                    + "listings and deletes test every blob it holds). Removed with the turn's tables "
                    + "(env PREFILL_STORE, default ${DEFAULT-VALUE}: none).")
    long prefillStore;

    @Option(
            names = "--engine-cpus",
            defaultValue = "${env:ENGINE_CPUS:-}",
            description = "Cores the engine's consumer has to itself (a list such as 1 or 2-3); the broker, the "
                    + "store, the producer and the harness run on the rest, so that a store that works harder shows "
                    + "as the store's latency instead of CPU taken from the engine. Needs taskset (env ENGINE_CPUS, "
                    + "default: every process shares every core).")
    String engineCpus;

    @Option(
            names = "--strict-lake",
            defaultValue = "${env:STRICT_LAKE:-false}",
            description = "Put a proxy in front of the embedded Azurite that refuses every storage request a real "
                    + "Azure account would refuse and Azurite accepts (a malformed x-ms-date, a path that is not "
                    + "percent-encoded, a missing x-ms-version, a signature that does not verify), and count "
                    + "them in the summary. The tests run with it; embedded lake only (env STRICT_LAKE, default "
                    + "${DEFAULT-VALUE}).")
    boolean strictLake;

    @Option(
            names = "--keep-tables",
            defaultValue = "${env:KEEP_TABLES:-false}",
            description =
                    "Keep each engine's Delta table, checkpoints and warm-up table in the lake after its turn "
                            + "(to analyze them later); by default they are deleted once analysed: on ADLS Gen2 they are "
                            + "billed, on the embedded Azurite they fill its memory (env KEEP_TABLES, default ${DEFAULT-VALUE}).")
    boolean keepTables;

    @Option(
            names = "--results",
            defaultValue = "${env:RESULTS_DIR:-results}",
            description =
                    "Directory for results; logs go to <results>/runs/<id>/ (env RESULTS_DIR, default ${DEFAULT-VALUE}).")
    Path results;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Override a knob for this run, e.g. --set PRODUCER_LINGER_MS=5 (repeatable); never a "
                    + "secret, which belongs in the environment.")
    Map<String, String> overrides = new LinkedHashMap<>();

    /**
     * Every {@code --set} name must be a knob some streambench process reads (docker-compose.yml declares them
     * all; {@code KAFKA_CLIENT_*} passes straight to the Kafka clients): a misspelt knob would otherwise be
     * ignored and the run judged as if it had been tried.
     */
    void checkKnobNames(streambench.harness.engine.KnobDefaults defaults) {
        java.util.Set<String> known = defaults.knownNames();
        for (String name : overrides.keySet()) {
            if (!known.contains(name) && !name.startsWith(ConsumerContract.KAFKA_CLIENT_PREFIX)) {
                throw new ConfigException("--set " + name + ": no streambench process reads this knob"
                        + streambench.harness.search.KnobNames.hint(name, known));
            }
        }
    }

    /**
     * A command line is no place for a secret: every user of the machine sees it in {@code ps}, and it stays in
     * the shell's history. Its environment is: the harness and every process it starts read it from there.
     */
    private void refuseSecrets() {
        List<String> secrets =
                overrides.keySet().stream().filter(Secrets::isSecretName).toList();
        if (!secrets.isEmpty()) {
            String names = String.join(", ", secrets);
            throw new ConfigException(
                    "--set " + names + " is refused, as a secret given on the command line shows in `ps` and in "
                            + "the shell's history; export " + names + " in the environment (or put "
                            + (secrets.size() == 1 ? "it" : "them") + " in .env) instead, where the harness and every "
                            + "process it starts read " + (secrets.size() == 1 ? "it" : "them"));
        }
    }

    java.time.Duration storeDelay() {
        return java.time.Duration.ofMillis(storeDelayMs);
    }

    /** What the proxy in front of the embedded lake must do; {@code outage}: a lake-outage fault is planned. */
    /**
     * What a turn of {@code seconds} at {@code rate} leaves in the broker and the lake; 10 s more for the producer's
     * pre-roll and the sends of a turn's last second.
     */
    streambench.services.TurnFootprint footprint(long rate, long seconds) {
        return new streambench.services.TurnFootprint(rate * (seconds + 10), messageBytes);
    }

    streambench.services.LakeFront lakeFront(boolean outage) {
        return new streambench.services.LakeFront(storeDelay(), strictLake, outage);
    }

    /** A million small files take Azurite hours to write and as long to delete: beyond any control's need. */
    static final long MAX_PREFILL = 1_000_000;

    void validate() {
        if (partitions <= 0) {
            throw new ConfigException("--partitions must be a positive integer, got " + partitions);
        }
        if (messageBytes <= 0) {
            throw new ConfigException("--message-bytes must be a positive integer, got " + messageBytes);
        }
        if (storeDelayMs < 0) {
            throw new ConfigException("--store-delay-ms must be >= 0, got " + storeDelayMs);
        }
        if (prefillStore < 0 || prefillStore > MAX_PREFILL) {
            throw new ConfigException("--prefill-store must be 0-" + MAX_PREFILL + " files, got " + prefillStore);
        }
        streambench.services.CpuAffinity.parse(engineCpus, "--engine-cpus");
        if (warmStartSeconds < 0) {
            throw new ConfigException("--warm-start must be >= 0 seconds, got " + warmStartSeconds);
        }
        String idBase = overrides.get("PRODUCER_ID_BASE");
        if (idBase != null
                && idBase.matches("\\d{1,10}")
                && Long.parseLong(idBase) >= streambench.harness.analysis.TableAnalysis.WARM_START_PRODUCER_ID_BASE) {
            throw new ConfigException("--set PRODUCER_ID_BASE=" + idBase + ": producer ids from "
                    + streambench.harness.analysis.TableAnalysis.WARM_START_PRODUCER_ID_BASE
                    + " up are reserved for the warm start");
        }
        TimeOptions.requireFits("--warm-start", warmStartSeconds, TimeUnit.SECONDS);
        TimeOptions.requireFits("--store-delay-ms", storeDelayMs, TimeUnit.MILLISECONDS);
        refuseSecrets();
        overrides.keySet().stream()
                .filter(k -> !k.matches("[A-Z][A-Z0-9_]*"))
                .findFirst()
                .ifPresent(k -> {
                    throw new ConfigException(
                            "--set " + k + "=…: knob names are upper-case environment variable names");
                });
    }
}
