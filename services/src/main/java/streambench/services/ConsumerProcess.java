package streambench.services;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import streambench.common.ConsumerContract;

/**
 * An engine's consumer running as its own JVM (as it would in a container), with a free health port:
 * ready when its {@code /health} answers 200, which each consumer only does after its first commit.
 */
public final class ConsumerProcess implements AutoCloseable {
    private final ChildProcess process;
    private final int healthPort;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private ConsumerProcess(ChildProcess process, int healthPort) {
        this.process = process;
        this.healthPort = healthPort;
    }

    /** Starts {@code java <jvmArgs> -jar <jar>} with {@code env} plus a HEALTH_PORT of its own. */
    public static ConsumerProcess start(
            String name,
            Path jar,
            List<String> jvmArgs,
            Map<String, String> env,
            Path logFile,
            Consumer<String> lines) {
        int port = FreePort.find();
        Map<String, String> fullEnv = new LinkedHashMap<>(env);
        fullEnv.put(ConsumerContract.HEALTH_PORT, Integer.toString(port));
        List<String> command = new java.util.ArrayList<>();
        command.add(ChildProcess.javaExecutable());
        command.addAll(jvmArgs);
        command.add("-jar");
        command.add(jar.toString());
        return new ConsumerProcess(ChildProcess.start(name, command, fullEnv, null, logFile, lines), port);
    }

    /** Polls /health until 200; fails with the log's tail when the process dies or time runs out. */
    public void awaitReady(Duration timeout) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + healthPort + ConsumerContract.HEALTH_PATH))
                .timeout(Duration.ofSeconds(2))
                .build();
        process.awaitReady(
                timeout,
                () -> http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
    }

    /** The consumer's counters from GET /metrics; empty when it does not answer. */
    public Map<String, Long> metrics() {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + healthPort + ConsumerContract.METRICS_PATH))
                .timeout(Duration.ofSeconds(5))
                .build();
        Map<String, Long> out = new LinkedHashMap<>();
        try {
            for (String line : http.send(request, HttpResponse.BodyHandlers.ofString())
                    .body()
                    .split("\n")) {
                String[] kv = line.trim().split(" ");
                if (kv.length == 2) {
                    out.put(kv[0], Long.parseLong(kv[1]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not answering: the caller reports the counters as unknown
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return out;
    }

    public ChildProcess process() {
        return process;
    }

    /** SIGKILL: for crash tests. */
    public void kill() throws InterruptedException {
        process.kill();
    }

    @Override
    public void close() {
        process.stop(ConsumerContract.STOP_GRACE);
    }
}
