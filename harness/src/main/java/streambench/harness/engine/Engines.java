package streambench.harness.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import streambench.common.ConfigException;
import streambench.harness.services.InstallLayout;

/** Every engine streambench knows, in the order runs take them. */
public final class Engines {
    private Engines() {}

    /** Built once, so an engine is the same object wherever it is named; still compare engines by id. */
    private static final List<Engine> ALL = List.of(
            JarEngine.yardstick(),
            JarEngine.spark("3.5"),
            JarEngine.spark("4.2"),
            JarEngine.flink116(),
            new FelderaEngine(System.getenv()));

    public static List<Engine> all() {
        return ALL;
    }

    /** Every engine's id, in order: what help texts and errors list. */
    public static List<String> ids() {
        return ALL.stream().map(Engine::id).toList();
    }

    /**
     * The engines a run judges: the named ones (unknown names are a usage error), or, with no names, every
     * engine, whether it can run here or not: one that cannot is reported as not run and fails the run,
     * because the promise is "Succeeded only when every consumer met every constraint".
     */
    public static List<Engine> select(List<String> names, InstallLayout layout) {
        Map<String, Engine> byId = new LinkedHashMap<>();
        ALL.forEach(e -> byId.put(e.id(), e));
        if (names.isEmpty()) {
            return ALL;
        }
        List<Engine> out = new ArrayList<>();
        for (String name : names) {
            if (name.equals("none")) {
                continue;
            }
            Engine e = byId.get(name.trim());
            if (e == null) {
                throw new ConfigException("--engines: unknown engine \"" + name + "\"; known: "
                        + String.join(", ", ids()) + " (or none)");
            }
            if (out.stream().noneMatch(o -> o.id().equals(e.id()))) {
                out.add(e);
            }
        }
        return out;
    }
}
