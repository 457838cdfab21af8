package streambench.harness.cli;

import java.util.List;
import java.util.function.Function;
import streambench.common.Knobs;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;
import streambench.harness.engine.KnobDefaults;
import streambench.harness.services.InstallLayout;

/**
 * What {@code run}, {@code capacity} and {@code tune} each start from, in the same order and with the same
 * failures, before anything is started or written: the knobs (environment, {@code .env}, {@code --set}), where the
 * build put the jars (a missing producer jar fails here), the knob defaults of docker-compose.yml with every
 * {@code --set} name checked against them, and the engines asked for (an unknown one fails here).
 */
record CommandSetup(Knobs knobs, InstallLayout layout, KnobDefaults defaults, List<Engine> engines) {
    /** {@code engineNames} picks the engines from the knobs: {@code run} falls back on {@code ENGINES}. */
    static CommandSetup of(LoadOptions load, Function<Knobs, List<String>> engineNames) {
        Knobs knobs = Knobs.fromEnvironment().withOverrides(load.overrides);
        InstallLayout layout = InstallLayout.load();
        layout.producerJar();
        KnobDefaults defaults = KnobDefaults.load(layout.composeFile());
        load.checkKnobNames(defaults);
        return new CommandSetup(knobs, layout, defaults, Engines.select(engineNames.apply(knobs), layout));
    }

    /** The ids of the engines asked for, in order: what the manifests record. */
    List<String> engineIds() {
        return engines.stream().map(Engine::id).toList();
    }
}
