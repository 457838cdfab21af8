package streambench.common;

import static streambench.common.ConsumerContract.EXIT_CONFIG;
import static streambench.common.ConsumerContract.EXIT_FAILED;

/**
 * How every streambench main ends, the producer's as the consumers' ({@link ConsumerContract}'s exit codes):
 * bad configuration prints one line and exits 2, any other failure prints one line (secrets masked) and
 * exits 1, success returns the body's exit code.
 */
public final class MainRunner {

    @FunctionalInterface
    public interface Body {
        int run() throws Exception;
    }

    private MainRunner() {}

    /**
     * Runs {@code body} and calls {@link System#exit} with its outcome. Started by the harness, the main also
     * ends when the harness is gone ({@link ParentWatch}).
     */
    public static void runAndExit(String program, Body body) {
        ParentWatch.start();
        System.exit(run(program, body));
    }

    /**
     * As {@link #runAndExit(String, Body)}, after {@code args}: {@code --knobs} (or {@code --help}) prints
     * {@code sheet} and exits 0 without reading the environment; any other argument is a mistake and exits 2, as
     * every setting is an environment variable.
     */
    public static void runAndExit(String program, String[] args, KnobSheet sheet, Body body) {
        runAndExit(program, answeringKnobs(args, sheet, System.out, body));
    }

    /** The body {@link #runAndExit(String, String[], KnobSheet, Body)} runs, apart for tests. */
    public static Body answeringKnobs(String[] args, KnobSheet sheet, java.io.PrintStream out, Body body) {
        return () -> {
            if (KnobSheet.asked(args)) {
                sheet.print(out);
                return ConsumerContract.EXIT_OK;
            }
            return body.run();
        };
    }

    public static int run(String program, Body body) {
        try {
            return body.run();
        } catch (ConfigException e) {
            System.err.println(program + ": " + Secrets.redactText(e.getMessage()));
            return EXIT_CONFIG;
        } catch (Exception | Error e) {
            System.err.println(program + ": failed: " + describe(e, java.util.List.of()));
            return EXIT_FAILED;
        }
    }

    /**
     * A failure as its message and class, then its chain of causes one line each (a wrapper's message alone,
     * "Failed to execute job", rarely says why), with {@code knownSecrets} and secret-looking pairs masked.
     */
    public static String describe(Throwable e, Iterable<String> knownSecrets) {
        StringBuilder out = new StringBuilder(Secrets.redactText(String.valueOf(e.getMessage()), knownSecrets))
                .append(" (")
                .append(e.getClass().getSimpleName())
                .append(')');
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable c = e.getCause(); c != null && seen.add(c) && seen.size() <= 10; c = c.getCause()) {
            out.append(System.lineSeparator())
                    .append("  caused by ")
                    .append(c.getClass().getSimpleName())
                    .append(": ")
                    .append(Secrets.redactText(String.valueOf(c.getMessage()), knownSecrets));
        }
        return out.toString();
    }
}
