package streambench.services;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import streambench.common.ConfigException;

/**
 * Microsoft's Azurite storage emulator (Blob API only) on a free loopback port, in memory or, for runs whose tables
 * would not fit there, on disk ({@code --location}), started
 * from the copy that the build installs with {@code npm ci} into {@code services/azurite}, on the Node that
 * installs beside it ({@link NodeRuntime}).
 * The ABFS driver reaches it in FNS/Blob mode (see LakeSettings).
 */
public final class EmbeddedAzurite implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** An on-disk Azurite holding more than this of deleted tables is worth restarting empty between turns. */
    private static final double RENEW_ON_DISK_MIB = 1024;

    private volatile ChildProcess process;
    private final int port;
    private final NodeRuntime node;
    private final InstallLayout layout;
    private final Path logFile;
    private final int memoryLimitMb;
    /** Where it keeps blobs and metadata on disk; null: in memory. */
    private final Path diskLocation;

    private EmbeddedAzurite(
            ChildProcess process,
            int port,
            NodeRuntime node,
            InstallLayout layout,
            Path logFile,
            int memoryLimitMb,
            Path diskLocation) {
        this.process = process;
        this.port = port;
        this.node = node;
        this.layout = layout;
        this.logFile = logFile;
        this.memoryLimitMb = memoryLimitMb;
        this.diskLocation = diskLocation;
    }

    /** In memory, its blobs limited to {@code memoryLimitMb}. */
    public static EmbeddedAzurite start(InstallLayout layout, Path logFile, int memoryLimitMb)
            throws InterruptedException {
        return start(layout, logFile, memoryLimitMb, null);
    }

    /**
     * On disk in {@code diskLocation} (an empty directory it may fill, removed on {@link #close}) when it is given, else
     * in memory with its blobs limited to {@code memoryLimitMb}.
     */
    public static EmbeddedAzurite start(InstallLayout layout, Path logFile, int memoryLimitMb, Path diskLocation)
            throws InterruptedException {
        Path dir = layout.azuriteDir();
        Path script = dir.resolve("node_modules/azurite/dist/src/blob/main.js");
        if (!Files.isRegularFile(script)) {
            throw new ConfigException("Azurite is not installed in " + dir.resolve("node_modules")
                    + ": run `mvn -q install -DskipTests` in the repository root (it runs npm ci), or `npm ci"
                    + " --ignore-scripts` in " + dir);
        }
        NodeRuntime node = NodeRuntime.forAzurite(layout);
        if (diskLocation != null) {
            createDirectory(diskLocation);
        }
        int port = FreePort.find();
        ChildProcess azurite = launch(layout, node, logFile, memoryLimitMb, diskLocation, port);
        EmbeddedAzurite emulator =
                new EmbeddedAzurite(azurite, port, node, layout, logFile, memoryLimitMb, diskLocation);
        try {
            emulator.awaitReady();
        } catch (RuntimeException | InterruptedException e) {
            emulator.close();
            throw e;
        }
        return emulator;
    }

    private static ChildProcess launch(
            InstallLayout layout, NodeRuntime node, Path logFile, int memoryLimitMb, Path diskLocation, int port) {
        Path dir = layout.azuriteDir();
        Path script = dir.resolve("node_modules/azurite/dist/src/blob/main.js");
        List<String> args = new java.util.ArrayList<>(List.of(
                "--require",
                layout.azuriteSweepInterval().toString(),
                script.toString(),
                "--blobHost",
                "127.0.0.1",
                "--blobPort",
                Integer.toString(port)));
        args.addAll(
                diskLocation == null
                        ? List.of("--inMemoryPersistence", "--extentMemoryLimit", Integer.toString(memoryLimitMb))
                        : List.of("--location", diskLocation.toString()));
        args.addAll(List.of("--skipApiVersionCheck", "--loose", "--disableTelemetry", "--silent"));
        return ChildProcess.start(
                "azurite",
                ChildProcess.watchedNode(node.executable(), layout.nodeParentWatch(), args),
                Map.of(),
                dir,
                logFile,
                null);
    }

    /** Its resident memory, MiB, from /proc; NaN where that cannot be read. */
    public double rssMiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or not Linux
        }
        return Double.NaN;
    }

    /** The most memory its blobs may take (--extentMemoryLimit), MiB. */
    public int memoryLimitMb() {
        return memoryLimitMb;
    }

    /** Where it keeps its blobs on disk; empty when it keeps them in memory. */
    public java.util.Optional<Path> diskLocation() {
        return java.util.Optional.ofNullable(diskLocation);
    }

    /**
     * What it holds, MiB, and past which {@link #restart()} should empty it between turns: on disk its blobs' files
     * against 1 GiB; in memory its resident memory against half its extent limit.
     */
    public double heldMiB() {
        return diskLocation == null ? rssMiB() : DataDirectories.bytes(diskLocation) / (1024.0 * 1024);
    }

    public double renewAtMiB() {
        return diskLocation == null ? memoryLimitMb / 2.0 : RENEW_ON_DISK_MIB;
    }

    /**
     * A new, empty Azurite on the same port. Deleted blobs free their memory only when Azurite sweeps, which the
     * harness moves out of runs (sweep-interval.cjs): over a long capacity search the memory of every deleted trial
     * table would add up to the extent limit, and then writes fail. A restart between turns, when nothing is
     * running against it and its tables are deleted, gives it all back.
     */
    public void restart() throws InterruptedException {
        process.stop(Duration.ofSeconds(10));
        if (diskLocation != null) {
            DataDirectories.deleteQuietly(diskLocation);
            createDirectory(diskLocation);
        }
        process = launch(layout, node, logFile, memoryLimitMb, diskLocation, port);
        awaitReady();
    }

    private void awaitReady() throws InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest probe = HttpRequest.newBuilder(URI.create("http://" + endpoint() + "/devstoreaccount1?comp=list"))
                .timeout(Duration.ofSeconds(2))
                .build();
        // any HTTP answer (403 without a signature) means it is serving
        process.awaitReady(START_TIMEOUT, () -> http.send(probe, HttpResponse.BodyHandlers.discarding()) != null);
    }

    /** {@code host:port} for {@code AZURITE_BLOB_ENDPOINT}. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    /** The Node it runs on. */
    public NodeRuntime node() {
        return node;
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.stop(Duration.ofSeconds(10));
        if (diskLocation != null) {
            // a run's tables on disk run to gigabytes: they go with the Azurite that held them
            DataDirectories.deleteQuietly(diskLocation);
        }
    }

    private static void createDirectory(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ConfigException("cannot create Azurite's directory " + dir + ": " + e.getMessage());
        }
    }
}
