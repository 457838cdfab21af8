package streambench.common;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a jar prints for {@code --knobs}: every knob it reads, grouped as declared, each with its default, the
 * form its value takes and what it does; then the connection variables, which have no default. A knob two groups
 * declare (a consumer's own default for a shared name) is printed once, with the later group's declaration: the
 * one the jar reads.
 */
public final class KnobSheet {
    /** A heading and the knobs under it, in the order a reader meets them. */
    public record Group(String heading, List<KnobDef<?>> knobs) {
        public Group {
            knobs = List.copyOf(knobs);
        }
    }

    private final String program;
    private final String connection;
    private final List<Group> groups;

    /** {@code connection}: the variables without a default that say where to read and write, one line. */
    public KnobSheet(String program, String connection, List<Group> groups) {
        this.program = program;
        this.connection = connection;
        this.groups = List.copyOf(groups);
    }

    /** Every knob the jar reads, each once, by name. */
    public Map<String, KnobDef<?>> knobs() {
        Map<String, KnobDef<?>> out = new LinkedHashMap<>();
        for (Group g : groups) {
            for (KnobDef<?> k : g.knobs()) {
                out.remove(k.name());
                out.put(k.name(), k);
            }
        }
        return out;
    }

    /**
     * True when {@code args} asks for the sheet: the jars take no other arguments, so anything else given is a
     * mistake worth saying so.
     */
    public static boolean asked(String[] args) {
        if (args.length == 0) {
            return false;
        }
        if (args.length == 1 && (args[0].equals("--knobs") || args[0].equals("--help") || args[0].equals("-h"))) {
            return true;
        }
        throw new ConfigException("unknown arguments " + String.join(" ", args)
                + ": every setting is an environment variable (--knobs lists them)");
    }

    public void print(PrintStream out) {
        out.println(program + " takes no arguments; it reads these environment variables"
                + " (an empty one counts as unset):");
        Map<String, KnobDef<?>> effective = knobs();
        for (Group g : groups) {
            List<KnobDef<?>> shown = new ArrayList<>();
            for (KnobDef<?> k : g.knobs()) {
                if (effective.get(k.name()) == k) {
                    shown.add(k);
                }
            }
            if (shown.isEmpty()) {
                continue;
            }
            out.println();
            out.println(g.heading() + ":");
            for (KnobDef<?> k : shown) {
                out.println("  " + k + "    (" + k.form() + ")");
                out.println("      " + k.doc());
            }
        }
        out.println();
        out.println("connection (no defaults): " + connection);
        out.println("docs/consumer-contract.md says what each one does; docker-compose.yml holds the same defaults.");
    }
}
