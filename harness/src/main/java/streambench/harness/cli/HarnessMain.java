package streambench.harness.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.Secrets;
import streambench.services.ChildProcess;

/**
 * {@code mvn -pl harness exec:java [-Dexec.args="..."]}: the streambench command line. With no
 * sub-command it runs {@code run}. Exit codes: 0 success, 1 failed run, 2 bad input or configuration.
 */
@Command(
        name = "streambench",
        mixinStandardHelpOptions = true,
        version = "streambench 0.1.0",
        description = "How long from a Kafka send until the event is readable in a Delta table on ADLS Gen2.",
        subcommands = {
            RunCommand.class,
            AnalyzeCommand.class,
            CheckCommand.class,
            ProducerBenchCommand.class,
            SynthesizeCommand.class,
            CapacityCommand.class,
            TuneCommand.class,
            CurveCommand.class,
            CommandLine.HelpCommand.class
        })
public final class HarnessMain {
    private static final Set<String> TOP_LEVEL_FLAGS = Set.of("-h", "--help", "-V", "--version");

    /** Help texts name the engines as {@code ${sys:streambench.engines}}: from the one list that has them all. */
    static final String ENGINES_PROPERTY = "streambench.engines";

    static {
        System.setProperty(ENGINES_PROPERTY, String.join(", ", streambench.harness.engine.Engines.ids()));
    }

    /** The command line as given, for a result's manifest. */
    static List<String> originalArgs(CommandLine.Model.CommandSpec spec) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        return parsed == null ? List.of() : List.copyOf(parsed.originalArgs());
    }

    public static void main(String[] args) {
        // started by another process (a test, a script) that set STREAMBENCH_PARENT_PIPE: end with it
        streambench.common.ParentWatch.start();
        // Runs only on a signal (Ctrl-C, SIGTERM): a normal end halts below, skipping hooks.
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.out.println("streambench: interrupted; stopping every process it started");
                            ChildProcess.stopAll();
                            System.out.println("{ \"status\": \"Failed\" }");
                            System.out.flush();
                        },
                        "interrupted"));
        int code = execute(args);
        ChildProcess.stopAll();
        System.out.flush();
        System.err.flush();
        // halt, not exit: under `mvn exec:java` Maven's console hook would print colour-reset codes after
        // our status line, and the status line must be the very last thing on stdout. Every child
        // process and service has been stopped above, so no shutdown hook has work left.
        Runtime.getRuntime().halt(code);
    }

    public static int execute(String[] args) {
        CommandLine cli = new CommandLine(new HarnessMain());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof ConfigException) {
                err.println("streambench: " + Secrets.redactText(e.getMessage()));
                err.flush();
                return ConsumerContract.EXIT_CONFIG;
            }
            err.println("streambench: failed: " + Secrets.redactText(String.valueOf(e.getMessage())) + " ("
                    + e.getClass().getSimpleName() + ")");
            err.flush();
            return ConsumerContract.EXIT_FAILED;
        });
        return cli.execute(withDefaultSubcommand(args));
    }

    /** {@code run} unless the first word names a sub-command or asks for help/version. */
    static String[] withDefaultSubcommand(String[] args) {
        if (args.length > 0 && (!args[0].startsWith("-") || TOP_LEVEL_FLAGS.contains(args[0]))) {
            return args;
        }
        List<String> out = new ArrayList<>(List.of("run"));
        out.addAll(List.of(args));
        return out.toArray(String[]::new);
    }
}
