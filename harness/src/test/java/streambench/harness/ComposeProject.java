package streambench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code docker-compose} on docker-compose.yml with docker-compose.local.yml over it, as one project, with an
 * environment of exactly the variables given: a developer's {@code .env} or shell (real ADLS keys, another
 * Kafka) never reaches the containers. Every command's output goes to one log file.
 */
final class ComposeProject implements AutoCloseable {
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    private final Path root;
    private final String name;
    private final Map<String, String> env;
    private final Path log;
    private final Path emptyEnvFile;
    private final List<String> profiles;

    ComposeProject(Path root, String name, Map<String, String> env, List<String> profiles, Path log)
            throws IOException {
        this.root = root;
        this.profiles = List.copyOf(profiles);
        this.name = name;
        this.env = new LinkedHashMap<>(env);
        this.log = log;
        this.emptyEnvFile = Files.createTempFile("streambench-compose", ".env");
    }

    /** Whether a Docker engine and docker-compose answer; the reason when not. */
    static java.util.Optional<String> unavailable() {
        Result compose = exec(List.of("docker-compose", "version", "--short"), Map.of(), Duration.ofSeconds(30));
        if (!compose.ok()) {
            return java.util.Optional.of("docker-compose is not installed (.ci/run installs Debian's package): "
                    + compose.output().strip());
        }
        Result docker =
                exec(List.of("docker", "info", "--format", "{{.ServerVersion}}"), Map.of(), Duration.ofSeconds(30));
        if (!docker.ok()) {
            return java.util.Optional.of("no Docker engine answers (.ci/run starts dockerd): "
                    + docker.output().strip());
        }
        return java.util.Optional.empty();
    }

    /** The same project with one variable set differently, e.g. another TOPIC for the next engine. */
    void set(String variable, String value) {
        env.put(variable, value);
    }

    Result compose(Duration timeout, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                "docker-compose",
                "--project-name",
                name,
                "--project-directory",
                root.toString(),
                "--env-file",
                emptyEnvFile.toString(),
                "-f",
                root.resolve("docker-compose.yml").toString(),
                "-f",
                root.resolve("docker-compose.local.yml").toString()));
        command.addAll(List.of(args));
        Result r = exec(command, env, timeout);
        Files.writeString(
                log,
                "$ docker-compose " + String.join(" ", args) + "\n" + r.output() + "[exit " + r.exitCode() + "]\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        return r;
    }

    /** Fails with the command's output when it does not exit 0. */
    String composeOk(Duration timeout, String... args) throws IOException {
        Result r = compose(timeout, args);
        if (!r.ok()) {
            throw new AssertionError("docker-compose " + String.join(" ", args) + " exited " + r.exitCode() + ":\n"
                    + tail(r.output(), 60));
        }
        return r.output();
    }

    /** The id of the service's container, empty when it has none. */
    String containerId(String service) throws IOException {
        return compose(Duration.ofSeconds(60), "ps", "-q", service).output().strip();
    }

    /** A field of {@code docker inspect}, e.g. {@code {{.State.Health.Status}}}. */
    static String inspect(String container, String format) {
        return exec(List.of("docker", "inspect", "--format", format, container), Map.of(), Duration.ofSeconds(30))
                .output()
                .strip();
    }

    static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Stops and removes every container and volume of the project, those of every profile it used too. */
    @Override
    public void close() throws IOException {
        List<String> args = new ArrayList<>();
        for (String profile : profiles) {
            args.addAll(List.of("--profile", profile));
        }
        args.addAll(List.of("down", "--volumes", "--remove-orphans", "--timeout", "10"));
        compose(Duration.ofMinutes(3), args.toArray(String[]::new));
        Files.deleteIfExists(emptyEnvFile);
    }

    private static Result exec(List<String> command, Map<String, String> env, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> childEnv = pb.environment();
        String path = childEnv.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        String home = childEnv.getOrDefault("HOME", "/root");
        String dockerHost = childEnv.get("DOCKER_HOST");
        childEnv.clear();
        childEnv.put("PATH", path);
        childEnv.put("HOME", home);
        if (dockerHost != null) {
            childEnv.put("DOCKER_HOST", dockerHost);
        }
        childEnv.putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            Path out = Files.createTempFile("streambench-compose", ".out");
            try {
                Thread copier = new Thread(() -> {
                    try (var in = p.getInputStream()) {
                        Files.copy(in, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    } catch (IOException ignored) {
                        // the process went away; what was copied stays
                    }
                });
                copier.setDaemon(true);
                copier.start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    copier.join(5000);
                    return new Result(-1, Files.readString(out) + "\n[timed out after " + timeout + "]");
                }
                copier.join(5000);
                return new Result(p.exitValue(), Files.readString(out));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
