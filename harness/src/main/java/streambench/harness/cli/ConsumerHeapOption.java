package streambench.harness.cli;

import picocli.CommandLine.Option;
import streambench.common.ConfigException;

/** {@code --consumer-heap}, shared by the commands that start consumers, so its default and check cannot drift. */
final class ConsumerHeapOption {
    @Option(
            names = "--consumer-heap",
            defaultValue = "${env:CONSUMER_HEAP:-4g}",
            description = "-Xmx of each consumer JVM (env CONSUMER_HEAP, default ${DEFAULT-VALUE}).")
    String value;

    void validate() {
        if (!value.matches("\\d+[mMgG]")) {
            throw new ConfigException("--consumer-heap must look like 2g or 1536m, got \"" + value + "\"");
        }
    }
}
