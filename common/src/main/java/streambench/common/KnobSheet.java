package streambench.common;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a jar prints for {@code --knobs}: every knob it reads, grouped as declared, each with its default, the
 * form its value takes and what it does; then the connection variables, which have no default. A name two groups
 * declare is refused: a jar reads each variable through one declaration.
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
        Set<String> names = new HashSet<>();
        for (Group g : this.groups) {
            for (KnobDef<?> k : g.knobs()) {
                if (!names.add(k.name())) {
                    throw new IllegalArgumentException(program + " declares " + k.name() + " twice");
                }
            }
        }
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
        for (Group g : groups) {
            out.println();
            out.println(g.heading() + ":");
            for (KnobDef<?> k : g.knobs()) {
                out.println("  " + k + "    (" + k.form() + ")");
                out.println("      " + k.doc());
            }
        }
        out.println();
        out.println("connection (no defaults): " + connection);
        out.println("docs/consumer-contract.md says what each one does; docker-compose.yml holds the same defaults.");
    }
}
