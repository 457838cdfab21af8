package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;
import streambench.services.InstallLayout;

/**
 * No Docker engine runs on our machines, so the container setup is checked statically: every image we
 * build has its Dockerfile and the jar it copies, each consumer service takes its own engine's knob
 * anchor, anchors and variables resolve, ports do not clash, long-running services have limits and a
 * healthcheck — and, where {@code docker-compose} is installed, Compose itself validates the file.
 */
class ComposeFileTest {
    /** Feldera's consumer service; its server is {@code feldera-server}. */
    private static final String FELDERA = Engines.feldera(Map.of()).composeService();

    /** Services that run once and exit: no healthcheck to give. */
    private static final Set<String> JOBS = Set.of("topic", "producer", "harness");

    private static Path root;
    private static Path composeFile;
    private static String text;
    private static Map<String, Object> compose;
    private static Map<String, Map<String, Object>> services;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void load() throws IOException {
        composeFile = InstallLayout.load().composeFile();
        root = composeFile.getParent();
        text = Files.readString(composeFile);
        compose = new Yaml().load(text); // resolves anchors, aliases and << merges as Compose does
        services = (Map<String, Map<String, Object>>) compose.get("services");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static Path context(Map<String, Object> service) {
        Object build = service.get("build");
        return root.resolve(build instanceof String s ? s : (String) map(build).get("context"))
                .normalize();
    }

    private static Path dockerfile(Map<String, Object> service) {
        Object build = service.get("build");
        String name = build instanceof Map<?, ?> m && m.get("dockerfile") != null
                ? (String) m.get("dockerfile")
                : "Dockerfile";
        return context(service).resolve(name).normalize();
    }

    @Test
    void everyImageWeBuildHasItsDockerfileAndTheJarItCopies() throws IOException {
        Pattern copy = Pattern.compile("(?m)^COPY\\s+(\\S+)\\s+\\S+\\s*$");
        List<String> built = new ArrayList<>();
        services.forEach((name, service) -> {
            if (!service.containsKey("build")) {
                return;
            }
            built.add(name);
            Path dockerfile = dockerfile(service);
            assertThat(dockerfile).as("Dockerfile of service %s", name).isRegularFile();
            try {
                String content = Files.readString(dockerfile);
                assertThat(content).as("%s", dockerfile).containsPattern("(?m)^FROM \\S+");
                Matcher m = copy.matcher(content);
                while (m.find()) {
                    // the harness's own jar is packaged after this module's tests; ComposeRunIT builds its image
                    if (m.group(1).endsWith(".jar") && !m.group(1).startsWith("harness/target/")) {
                        assertThat(context(service).resolve(m.group(1)))
                                .as("jar copied by %s (built by mvn install)", dockerfile)
                                .isRegularFile();
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(built).contains("producer", "harness");
        assertThat(built)
                .containsAll(Engines.all().stream().map(Engine::composeService).toList());
    }

    /** Users build on the public images unchanged; a machine without a registry passes its own base. */
    @Test
    void everyDockerfileTakesItsBaseAsABuildArgumentDefaultingToThePublicImage() throws IOException {
        List<Path> dockerfiles = new ArrayList<>();
        services.values().stream()
                .filter(service -> service.containsKey("build"))
                .forEach(service -> dockerfiles.add(dockerfile(service)));
        dockerfiles.add(root.resolve("kafka-runtime/Dockerfile"));
        dockerfiles.add(root.resolve("services/azurite/Dockerfile"));
        Pattern base = Pattern.compile(
                "(?m)^ARG (JRE_IMAGE=eclipse-temurin:17-jre|NODE_IMAGE=node:24-bookworm-slim)\\n(?:#.*\\n)*FROM \\$\\{(\\w+)}$");
        for (Path dockerfile : dockerfiles) {
            Matcher m = base.matcher(Files.readString(dockerfile));
            assertThat(m.find())
                    .as("%s: ARG <base>=<public image>, then FROM ${<base>}", dockerfile)
                    .isTrue();
            assertThat(m.group(1)).as("%s", dockerfile).startsWith(m.group(2) + "=");
        }
    }

    /** No container runs as root: each image's last USER (the one its command runs as) is someone else. */
    @Test
    void everyDockerfileRunsAsANonRootUser() throws IOException {
        List<Path> dockerfiles;
        // three levels hold them all (spark-consumer/spark-3.5/Dockerfile); installed packages and builds do not count
        try (var files = Files.find(root, 3, (f, attributes) -> f.endsWith("Dockerfile"))) {
            dockerfiles = files.filter(f -> {
                        String path = root.relativize(f).toString().replace('\\', '/');
                        return !path.contains("node_modules/") && !path.contains("target/") && !path.startsWith(".");
                    })
                    .toList();
        }
        assertThat(dockerfiles)
                .extracting(f -> root.relativize(f).toString().replace('\\', '/'))
                .containsExactlyInAnyOrder(
                        "feldera-client/Dockerfile",
                        "flink-consumer/Dockerfile",
                        "harness/Dockerfile",
                        "services/azurite/Dockerfile",
                        "kafka-runtime/Dockerfile",
                        "producer/Dockerfile",
                        "spark-consumer/spark-3.5/Dockerfile",
                        "spark-consumer/spark-4.2/Dockerfile",
                        "yardstick/Dockerfile");
        Pattern user = Pattern.compile("(?m)^USER\\s+([^\\s:]+)");
        for (Path dockerfile : dockerfiles) {
            Matcher m = user.matcher(Files.readString(dockerfile));
            String last = null;
            while (m.find()) {
                last = m.group(1);
            }
            assertThat(last)
                    .as("%s: the last USER line", dockerfile)
                    .isNotNull()
                    .isNotIn("root", "0");
        }
    }

    /**
     * The registry's spelling is Compose's: each engine's consumer is the service of its id, under the profile of
     * its id, with its own anchor's knobs (and no other engine's), its table and telemetry named by its id.
     */
    @Test
    void eachEngineIsTheServiceAndProfileOfItsIdAndTakesItsOwnKnobs() {
        Map<String, Map<String, Object>> anchors = new HashMap<>();
        Engines.all().forEach(e -> anchors.put(e.knobAnchor(), map(compose.get(e.knobAnchor()))));
        for (Engine engine : Engines.all()) {
            String name = engine.composeService();
            assertThat(services).as("services").containsKey(name);
            Map<String, Object> service = services.get(name);
            assertThat(service.get("profiles")).as("%s profiles", name).isEqualTo(List.of(name));
            Map<String, Object> env = map(service.get("environment"));
            Map<String, Object> own = anchors.get(engine.knobAnchor());
            assertThat(env).as("%s environment", name).containsKeys(own.keySet().toArray(String[]::new));
            anchors.forEach((other, knobs) -> {
                Set<String> foreign = new HashSet<>(knobs.keySet());
                foreign.removeAll(own.keySet());
                foreign.retainAll(env.keySet());
                assertThat(foreign).as("%s holds knobs of %s", name, other).isEmpty();
            });
            assertThat(env)
                    .as("%s", name)
                    .containsKeys("TOPIC", "KAFKA_BOOTSTRAP_SERVERS", "AZURITE_BLOB_ENDPOINT")
                    .containsEntry("TABLE_PATH", "${RUN_ID-compose}/" + engine.id() + "/benchmark")
                    .containsEntry("TELEMETRY_FILE", "/results/" + engine.id() + "-telemetry.jsonl");
        }
        Set<String> writers = new HashSet<>();
        services.forEach((name, service) -> {
            if (service.get("environment") instanceof Map<?, ?> env && env.containsKey("TABLE_PATH")) {
                writers.add(name);
            }
        });
        assertThat(writers)
                .as("services writing a table are the engines'")
                .containsExactlyInAnyOrderElementsOf(
                        Engines.all().stream().map(Engine::composeService).toList());
    }

    @Test
    void everyAliasNamesAnAnchorAndEveryAnchorIsUsedOrIsAKnobBlock() {
        Set<String> anchors = names("&([A-Za-z0-9_-]+)");
        Set<String> aliases = names("\\*([A-Za-z0-9_-]+)");
        assertThat(anchors).containsAll(aliases);
        assertThat(anchors).contains("spark-tuning", "flink-tuning", "yardstick-tuning", "feldera-tuning");
    }

    /**
     * Each published port as [address, host port, container port]; the address is "" when none is given.
     * Ports live in docker-compose.override.yml (read by default, left out with host networking); the base
     * file publishes none, or the host-networked override could not be used with it.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, List<String[]>> publishedPorts() {
        services.forEach((name, service) ->
                assertThat(service).as("service %s in docker-compose.yml", name).doesNotContainKey("ports"));
        Map<String, Map<String, Object>> published;
        try {
            published = (Map<String, Map<String, Object>>) new Yaml()
                    .<Map<String, Object>>load(Files.readString(root.resolve("docker-compose.override.yml")))
                    .get("services");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertThat(services.keySet()).containsAll(published.keySet());
        Map<String, List<String[]>> out = new java.util.TreeMap<>();
        published.forEach((name, service) -> {
            for (Object p : (List<?>) service.getOrDefault("ports", List.of())) {
                String[] parts = String.valueOf(p).split(":");
                String[] binding = parts.length == 3
                        ? parts
                        : parts.length == 2 ? new String[] {"", parts[0], parts[1]} : new String[] {"", "", parts[0]};
                out.computeIfAbsent(name, k -> new ArrayList<>()).add(binding);
            }
        });
        return out;
    }

    @Test
    void publishedHostPortsDoNotClash() {
        Map<String, String> hostPorts = new HashMap<>();
        publishedPorts().forEach((name, ports) -> {
            for (String[] p : ports) {
                String previous = hostPorts.put(p[1], name);
                assertThat(previous)
                        .as("host port %s of %s is also published by %s", p[1], name, previous)
                        .isNull();
            }
        });
        assertThat(hostPorts).isNotEmpty();
    }

    /**
     * Kafka, Azurite and Feldera take requests without a password in this file, and Feldera's API returns
     * programs holding the storage key and SASL password: nothing may be published beyond loopback.
     */
    @Test
    void everyPublishedPortIsOnLoopbackOnly() {
        Map<String, List<String[]>> ports = publishedPorts();
        assertThat(ports)
                .containsKeys("kafka", "azurite", "feldera-server")
                .containsKeys(Engines.all().stream().map(Engine::composeService).toArray(String[]::new));
        ports.forEach((name, list) -> list.forEach(p -> assertThat(p[0])
                .as("address %s publishes port %s on (\"127.0.0.1:%s:%s\")", name, p[1], p[1], p[2])
                .isEqualTo("127.0.0.1")));
    }

    /** Whoever opens Feldera to other hosts must find how to turn its authentication on, and can pass the key. */
    @Test
    void felderasAuthenticationCanBeTurnedOnAndItsKeyReachesItsClients() {
        assertThat(map(services.get("feldera-server").get("environment")))
                .containsEntry("AUTH_PROVIDER", "${FELDERA_AUTH_PROVIDER-none}")
                .containsKeys("AUTH_ISSUER", "AUTH_CLIENT_ID");
        for (String client : List.of(FELDERA, "harness")) {
            assertThat(map(services.get(client).get("environment")))
                    .as("%s environment", client)
                    .containsEntry("FELDERA_API_KEY", "${FELDERA_API_KEY-}");
        }
        String beforeFeldera = text.substring(0, text.indexOf("\n  feldera-server:\n"));
        assertThat(beforeFeldera.substring(beforeFeldera.lastIndexOf("\n\n")))
                .as("the comment above the feldera-server service")
                .contains("FELDERA_API_KEY")
                .contains("POST /v0/api_keys")
                .contains("FELDERA_AUTH_PROVIDER")
                .contains("loopback");
    }

    /** ":latest" is whatever was released last: a Feldera whose API the client was never checked against. */
    @Test
    void everyPulledImageIsPinnedToARelease() throws IOException {
        Pattern tag = Pattern.compile(":\\$\\{([A-Z0-9_]+)-([^}]+)}$");
        services.forEach((name, service) -> {
            String image = (String) service.get("image");
            if (image == null) {
                return; // built here
            }
            Matcher m = tag.matcher(image);
            assertThat(m.find())
                    .as("service %s: image %s ends in :${VERSION-default}", name, image)
                    .isTrue();
            assertThat(m.group(2)).as("service %s: default tag", name).matches("\\d+(\\.\\d+)+");
        });
        assertThat(Files.readAllLines(root.resolve(".env.template")))
                .filteredOn(l -> l.matches("^[A-Z0-9_]+_VERSION=.*"))
                .isNotEmpty()
                .allSatisfy(l -> assertThat(l).as(".env.template").matches("^[A-Z0-9_]+=\\d+(\\.\\d+)+$"));
        assertThat((String) services.get("feldera-server").get("image")).endsWith(":${FELDERA_VERSION-0.336.0}");
    }

    /**
     * The consumer refuses plain http beyond loopback unless allowed; compose's own Feldera is reached as
     * http://feldera-server:8080 on the compose network, by the consumer service and through the harness.
     */
    @Test
    void theComposeFelderaIsReachedOverPlainHttpOnlyWhereAllowed() {
        for (String client : List.of(FELDERA, "harness")) {
            assertThat(map(services.get(client).get("environment")))
                    .as("%s environment", client)
                    .containsEntry("FELDERA_URL", "${FELDERA_URL-http://feldera-server:8080}")
                    .containsEntry("FELDERA_ALLOW_PLAIN_HTTP", "${FELDERA_ALLOW_PLAIN_HTTP-true}");
        }
    }

    @Test
    void theHarnessImageLeavesEnvFilesOut() throws IOException {
        // the harness image copies the repository, and .env holds the secrets
        assertThat(Files.readAllLines(root.resolve(".dockerignore"))).contains(".env*");
    }

    @Test
    void everyServiceHasLimitsAndLongRunningOnesAHealthcheck() {
        services.forEach((name, service) -> {
            assertThat(service).as("service %s", name).containsKeys("cpus", "mem_limit");
            if (!JOBS.contains(name)) {
                assertThat(service).as("service %s", name).containsKey("healthcheck");
                assertThat(map(service.get("healthcheck")))
                        .as("healthcheck of %s", name)
                        .containsKey("test");
            }
        });
    }

    @Test
    void everyVariableTheFileUsesIsInTheEnvTemplateAndNoneTooMany() throws IOException {
        Set<String> used = names("\\$\\{([A-Z0-9_]+)");
        Set<String> template = new LinkedHashSet<>();
        for (String line : Files.readAllLines(root.resolve(".env.template"))) {
            Matcher m = Pattern.compile("^([A-Z0-9_]+)=").matcher(line);
            if (m.find()) {
                template.add(m.group(1));
            }
        }
        assertThat(template).as(".env.template").containsExactlyInAnyOrderElementsOf(used);
    }

    @Test
    void theJarsCarryTheJava17FlagsTheirEnginesNeed() throws IOException {
        InstallLayout layout = InstallLayout.load();
        assertThat(addOpens(layout.jar("spark-3.5.jar")))
                .contains("java.base/sun.nio.ch", "java.base/java.lang", "java.base/java.nio");
        assertThat(addOpens(layout.jar("flink-1.16.jar")))
                .contains(
                        "java.base/java.lang",
                        "java.base/java.util",
                        "java.base/java.util.concurrent.atomic",
                        "java.base/java.lang.reflect");
    }

    /** As users run it (the file and its default override) and as host networking runs it (the local override). */
    @Test
    void dockerComposeItselfAcceptsTheFileWithEitherOverride() throws Exception {
        for (String override : List.of("docker-compose.override.yml", "docker-compose.local.yml")) {
            Process p;
            try {
                p = new ProcessBuilder(
                                "docker-compose",
                                "-f",
                                composeFile.toString(),
                                "-f",
                                root.resolve(override).toString(),
                                "config",
                                "-q")
                        .redirectErrorStream(true)
                        .start();
            } catch (IOException e) {
                String reason = "docker-compose is not installed (.ci/run installs Debian's package); skipped";
                System.out.println("ComposeFileTest: " + reason);
                Assumptions.abort(reason);
                return;
            }
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String output = new String(p.getInputStream().readAllBytes());
            assertThat(p.exitValue()).as(override + ": " + output).isZero();
        }
    }

    /** Every service the host-networked override names is one of the file's, and every one of them is host-networked. */
    @Test
    @SuppressWarnings("unchecked")
    void theLocalOverrideHostNetworksEveryServiceItBuilds() throws IOException {
        Map<String, Map<String, Object>> local = (Map<String, Map<String, Object>>) new Yaml()
                .<Map<String, Object>>load(Files.readString(root.resolve("docker-compose.local.yml")))
                .get("services");
        assertThat(services.keySet()).containsAll(local.keySet());
        assertThat(local.keySet())
                .contains("kafka", "topic", "azurite", "producer", "harness")
                .containsAll(Engines.all().stream().map(Engine::composeService).toList());
        local.forEach((name, service) -> {
            assertThat(service).as(name).containsEntry("network_mode", "host");
            if (service.get("build") instanceof Map<?, ?> build) {
                assertThat(build.get("network")).as("build of %s", name).isEqualTo("host");
                assertThat((Map<String, Object>) build.get("args"))
                        .as("build args of %s", name)
                        .containsAnyOf(
                                Map.entry("JRE_IMAGE", "${JRE_IMAGE-eclipse-temurin:17-jre}"),
                                Map.entry("NODE_IMAGE", "${NODE_IMAGE-node:24-bookworm-slim}"));
            }
        });
    }

    private static Set<String> addOpens(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return new HashSet<>(List.of(
                    j.getManifest().getMainAttributes().getValue("Add-Opens").split(" ")));
        }
    }

    private static Set<String> names(String regex) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile(regex).matcher(text.replaceAll("(?m)#.*$", ""));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
