package streambench.harness.analysis;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Which {@code (producer_id, seq)} pairs the table holds, against what the producer had acknowledged:
 * one bit per seq (3 MB for 24 M events), so a whole run fits in memory.
 */
public final class Completeness {
    private final Map<Integer, BitSet> seen = new HashMap<>();
    private long rows;
    private long duplicates;
    private long outOfRange;

    public void add(int producerId, long seq) {
        rows++;
        if (seq > Integer.MAX_VALUE) {
            outOfRange++;
            return;
        }
        BitSet bits = seen.computeIfAbsent(producerId, p -> new BitSet());
        if (bits.get((int) seq)) {
            duplicates++;
        } else {
            bits.set((int) seq);
        }
    }

    public record Result(long expected, long rows, long missing, long duplicates, long unexpected) {
        public boolean exact() {
            return missing == 0 && duplicates == 0 && unexpected == 0;
        }
    }

    /**
     * @param expectedRanges per producer_id the inclusive seq range the producer had acknowledged
     *                       ({@code [first, last]}); seqs outside any range are "unexpected"
     */
    public Result against(Map<Integer, long[]> expectedRanges) {
        long expected = 0;
        long missing = 0;
        long unexpected = outOfRange;
        for (Map.Entry<Integer, long[]> e : expectedRanges.entrySet()) {
            long first = e.getValue()[0];
            long last = e.getValue()[1];
            expected += last - first + 1;
            BitSet bits = seen.getOrDefault(e.getKey(), new BitSet());
            long present = bits.get((int) first, (int) last + 1).cardinality();
            missing += (last - first + 1) - present;
            unexpected += bits.cardinality() - present;
        }
        for (Map.Entry<Integer, BitSet> e : seen.entrySet()) {
            if (!expectedRanges.containsKey(e.getKey())) {
                unexpected += e.getValue().cardinality();
            }
        }
        return new Result(expected, rows, missing, duplicates, unexpected);
    }
}
