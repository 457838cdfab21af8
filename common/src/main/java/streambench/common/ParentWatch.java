package streambench.common;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Ends this JVM when the process that started it is gone, also after a SIGKILL that gave that process no
 * chance to stop its children (a shutdown hook does not run then). The parent, the harness, keeps this
 * process's standard input as a pipe and never writes to it; the kernel closes the pipe when the parent dies,
 * so a read here returns end-of-file exactly then. Only with {@code STREAMBENCH_PARENT_PIPE=1}, which the
 * harness sets for what it starts: a jar run by hand or in a container keeps its standard input to itself.
 */
public final class ParentWatch {
    public static final String ENV = "STREAMBENCH_PARENT_PIPE";
    /** Shutdown hooks (a consumer's orderly stop, the broker's) get this long, then the JVM halts. */
    static final Duration GRACE = Duration.ofSeconds(60);

    private ParentWatch() {}

    /** Starts watching standard input when the harness asked for it; true when it did. */
    public static boolean start() {
        return start(System.getenv(), System.in, ParentWatch::stopThisJvm);
    }

    /** Calls {@code onParentGone} once {@code in} ends or breaks, on a daemon thread, when {@code env} asks for it. */
    static boolean start(Map<String, String> env, InputStream in, Runnable onParentGone) {
        if (!"1".equals(env.get(ENV))) {
            return false;
        }
        Thread watch = new Thread(
                () -> {
                    drain(in);
                    onParentGone.run();
                },
                "parent-watch");
        watch.setDaemon(true); // must never keep a JVM alive by itself
        watch.start();
        return true;
    }

    private static void drain(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the harness writes nothing; whatever comes is not ours to interpret
            }
        } catch (IOException e) {
            // a broken pipe means the same as its end: the parent is gone
        }
    }

    private static void stopThisJvm() {
        System.err.println("parent-watch: the process that started this one is gone (its pipe to us closed): stopping");
        Thread halt = new Thread(
                () -> {
                    try {
                        Thread.sleep(GRACE.toMillis());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    Runtime.getRuntime()
                            .halt(
                                    ConsumerContract
                                            .EXIT_PARENT_GONE); // a shutdown hook that hangs must not keep us alive
                },
                "parent-watch-halt");
        halt.setDaemon(true);
        halt.start();
        // nobody is left to read the status, but the process table and a debugger can
        System.exit(ConsumerContract.EXIT_PARENT_GONE); // runs the shutdown hooks, as SIGTERM would
    }

    /**
     * A launcher for mains that are not ours (Kafka's broker and tools), which cannot call {@link #start()}:
     * {@code java -cp <their classpath>:<this class's> streambench.common.ParentWatch <main class> [args]}.
     */
    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            System.err.println("usage: java streambench.common.ParentWatch <main class> [arguments...]");
            System.exit(ConsumerContract.EXIT_CONFIG);
        }
        start();
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        main.setAccessible(true); // as the java launcher, which runs a public main of any class
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause(); // the main's own failure, not the reflection around it
        }
    }
}
