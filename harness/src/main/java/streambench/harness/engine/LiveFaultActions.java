package streambench.harness.engine;

import streambench.harness.fault.FaultInjector;
import streambench.services.ProcessSampler;
import streambench.services.Services;

/** What each fault does in a real run: to the turn's consumer, the harness's lake and its broker. */
final class LiveFaultActions implements FaultInjector.Actions {
    private final Engine engine;
    private final ConsumerSlot slot;
    private final ProcessSampler sampler;
    private final Services services;

    LiveFaultActions(Engine engine, ConsumerSlot slot, ProcessSampler sampler, Services services) {
        this.engine = engine;
        this.slot = slot;
        this.sampler = sampler;
        this.services = services;
    }

    @Override
    public String killConsumer() throws Exception {
        long killed = slot.killAndRestart();
        return "kill -9 of the " + engine.label() + " consumer (pid " + killed + "), started again (pid "
                + slot.current().process().pid() + ") on the same checkpoint";
    }

    @Override
    public void pauseLake() {
        services.pauseLake();
    }

    @Override
    public void resumeLake() {
        services.resumeLake();
    }

    @Override
    public String restartBroker() throws Exception {
        String note = services.restartKafka();
        services.kafkaPid().ifPresent(pid -> sampler.watch("kafka", pid));
        return note;
    }
}
