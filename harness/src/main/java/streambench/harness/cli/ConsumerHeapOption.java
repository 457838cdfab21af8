package streambench.harness.cli;

import picocli.CommandLine.Option;
import streambench.common.Knob;

/** {@code --consumer-heap}, shared by the commands that start consumers, so its default and check cannot drift. */
final class ConsumerHeapOption {
    @Option(
            names = "--consumer-heap",
            defaultValue = "${env:CONSUMER_HEAP:-4g}",
            description = "-Xmx of each consumer JVM (env CONSUMER_HEAP, default ${DEFAULT-VALUE}).")
    String value;

    /** As {@code -Xmx} takes it, checked before anything starts: a wrong one only showed as consumers that did not. */
    void validate() {
        value = new Knob("--consumer-heap (CONSUMER_HEAP)", value).asHeapSize();
    }
}
