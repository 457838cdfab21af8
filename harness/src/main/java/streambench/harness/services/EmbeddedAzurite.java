package streambench.harness.services;

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
 * Microsoft's Azurite storage emulator (Blob API only) on a free loopback port, in-memory, started
 * from the copy that the build installs with {@code npm ci} into {@code harness/azurite}, on the Node that
 * installs beside it ({@link NodeRuntime}).
 * The ABFS driver reaches it in FNS/Blob mode (see LakeSettings).
 */
public final class EmbeddedAzurite implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final int port;
    private final NodeRuntime node;

    private EmbeddedAzurite(ChildProcess process, int port, NodeRuntime node) {
        this.process = process;
        this.port = port;
        this.node = node;
    }

    public static EmbeddedAzurite start(InstallLayout layout, Path logFile, int memoryLimitMb)
            throws InterruptedException {
        Path dir = layout.azuriteDir();
        Path script = dir.resolve("node_modules/azurite/dist/src/blob/main.js");
        if (!Files.isRegularFile(script)) {
            throw new ConfigException("Azurite is not installed in " + dir.resolve("node_modules")
                    + ": run `mvn -q install -DskipTests` in the repository root (it runs npm ci), or `npm ci"
                    + " --ignore-scripts` in " + dir);
        }
        NodeRuntime node = NodeRuntime.forAzurite(layout);
        int port = FreePort.find();
        ChildProcess azurite = ChildProcess.start(
                "azurite",
                ChildProcess.watchedNode(
                        node.executable(),
                        layout.nodeParentWatch(),
                        List.of(
                                "--require",
                                layout.azuriteSweepInterval().toString(),
                                script.toString(),
                                "--blobHost",
                                "127.0.0.1",
                                "--blobPort",
                                Integer.toString(port),
                                "--inMemoryPersistence",
                                "--extentMemoryLimit",
                                Integer.toString(memoryLimitMb),
                                "--skipApiVersionCheck",
                                "--loose",
                                "--disableTelemetry",
                                "--silent")),
                Map.of(),
                dir,
                logFile,
                null);
        EmbeddedAzurite emulator = new EmbeddedAzurite(azurite, port, node);
        try {
            emulator.awaitReady();
        } catch (RuntimeException | InterruptedException e) {
            emulator.close();
            throw e;
        }
        return emulator;
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
    }
}
