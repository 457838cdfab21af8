package streambench.harness.engine;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import streambench.harness.analysis.BatchAnatomy;
import streambench.harness.analysis.RunExpectations;
import streambench.harness.analysis.TableAnalysis;
import streambench.services.ProducerReport;

/**
 * The table a turn left, read back through its log and judged ({@link RunJudge}), and the consumer's own account
 * of where its units of work spent their time. A table that cannot be read fails that engine, never the run.
 */
record TurnAnalysis(RunInfo info, RunDirectory dir, PrintStream out) {
    EngineResult analyse(Engine engine, Map<String, String> knobs, FileSystem fs, String tableUri, MeasuredTurn turn) {
        long t0 = System.nanoTime();
        out.println("  analysing " + tableUri + " ...");
        TableAnalysis.Result r;
        try {
            r = TableAnalysis.analyze(
                    fs,
                    tableUri,
                    turn.producer().startMicros(),
                    RunExpectations.forRun(
                                    turn.producer(),
                                    turn.warmStart(),
                                    info.measurement().tsToleranceMs() * 1000)
                            .drainEndedAt(turn.drainEndedMillis() < 0 ? -1 : turn.drainEndedMillis() * 1000),
                    turn.visibility(),
                    ReadProgress.to(out));
        } catch (Exception | OutOfMemoryError e) {
            return failed(engine, knobs, "the analysis failed: ", e, turn.logTail(), out);
        }
        out.printf(
                "  analysed %,d rows%s in %d commits in %.1f s%n",
                r.rows(), unmeasured(r), r.commits().size(), (System.nanoTime() - t0) / 1e9);
        Path telemetry = dir.file(engine.id() + "-telemetry.jsonl");
        return RunJudge.judge(engine, info, knobs, r, turn, (from, to) -> window(telemetry, from, to));
    }

    /** The consumer's units of work between two epoch ms; empty when it wrote none or the file is unreadable. */
    private static Optional<BatchAnatomy> window(Path telemetry, long fromMillis, long toMillis) {
        try {
            return BatchAnatomy.read(
                    telemetry, java.time.Instant.ofEpochMilli(fromMillis), java.time.Instant.ofEpochMilli(toMillis));
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Where the consumer's units of work spent their time and storage requests while the measured schedule
     * ran (its telemetry from the schedule's start on); empty when it wrote none or the file is unreadable.
     */
    Optional<BatchAnatomy> anatomy(Engine engine, ProducerReport producer) {
        Path telemetry = dir.file(engine.id() + "-telemetry.jsonl");
        try {
            Optional<BatchAnatomy> a = BatchAnatomy.read(
                    telemetry,
                    java.time.Instant.EPOCH.plus(producer.startMicros(), java.time.temporal.ChronoUnit.MICROS));
            a.ifPresent(x -> out.println("  anatomy: " + x.describe(engine.unitOfWork())));
            return a;
        } catch (java.io.IOException e) {
            out.println("  anatomy: cannot read " + telemetry + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * An engine whose turn or table broke fails with the reason ({@code context} and the first line of the
     * cause chain); the run goes on with the others.
     */
    static EngineResult failed(
            Engine engine, Map<String, String> knobs, String context, Throwable e, String logTail, PrintStream out) {
        String reason = context + firstLine(streambench.common.MainRunner.describe(e, List.of()));
        out.println("  " + engine.label() + " failed: " + reason);
        return EngineResult.didNotRun(engine, reason, true, knobs, logTail);
    }

    static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    /** The rows of reserved producer ids the analysis left out, by whose they are. */
    private static String unmeasured(TableAnalysis.Result r) {
        List<String> parts = new ArrayList<>();
        if (r.warmStartRows() > 0) {
            parts.add(String.format("%,d the warm start's", r.warmStartRows()));
        }
        if (r.prerollRows() > 0) {
            parts.add(String.format("%,d the producer's pre-roll", r.prerollRows()));
        }
        return parts.isEmpty() ? "" : " (of them " + String.join(", ", parts) + ")";
    }
}
