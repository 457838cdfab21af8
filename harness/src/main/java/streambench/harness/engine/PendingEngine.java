package streambench.harness.engine;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/** An engine whose consumer has not been built into streambench yet: always reported as not run. */
public record PendingEngine(String id, String label, String knobAnchor, String reason) implements Engine {
    /** It never runs, so it never writes a line of telemetry. */
    @Override
    public String unitOfWork() {
        return "unit";
    }

    @Override
    public Optional<String> unavailable(InstallLayout layout) {
        return Optional.of(reason);
    }

    @Override
    public ConsumerProcess launch(
            InstallLayout layout, Map<String, String> env, String heap, Path logFile, Consumer<String> lines) {
        throw new IllegalStateException(id + " cannot run: " + reason);
    }
}
