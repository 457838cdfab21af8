package streambench.harness.analysis;

import java.util.HashMap;
import java.util.Map;

/**
 * Which {@code (producer_id, seq)} pairs the table holds, against what the producer had acknowledged:
 * one bit per seq (3 MB for 24 M events), so a whole run fits in memory.
 *
 * <p>The bits are kept in chunks of {@link #CHUNK_SEQS} seqs keyed by {@code seq / CHUNK_SEQS}, not in one
 * {@link java.util.BitSet} indexed by an int: a producer that runs for days (a compose producer with
 * DURATION_S=0 passes seq 2^31 after 3 hours at 200,000 msg/s) must still be counted, and a stray row with a
 * seq far from the rest costs one chunk, not a bitset reaching up to it.
 */
public final class Completeness {
    /** Seqs per chunk: 2 KB of bits, small beside a run's chunks and cheap for a stray row. */
    static final int CHUNK_SEQS = 1 << 14;

    private static final int CHUNK_SHIFT = Integer.numberOfTrailingZeros(CHUNK_SEQS);
    private static final int WORDS_PER_CHUNK = CHUNK_SEQS / Long.SIZE;

    /** Per producer_id, chunk number to its bits. */
    private final Map<Integer, Map<Long, long[]>> seen = new HashMap<>();

    private long rows;
    private long duplicates;

    /** The last chunk written: rows come mostly in seq order, so most rows skip both map lookups. */
    private int lastProducer;

    private long lastChunkNumber;
    private long[] lastChunk;

    public void add(int producerId, long seq) {
        rows++;
        // an arithmetic shift: a negative seq (a foreign writer's) gets chunks of its own below 0
        long chunkNumber = seq >> CHUNK_SHIFT;
        long[] chunk;
        if (lastChunk != null && producerId == lastProducer && chunkNumber == lastChunkNumber) {
            chunk = lastChunk;
        } else {
            chunk = seen.computeIfAbsent(producerId, p -> new HashMap<>())
                    .computeIfAbsent(chunkNumber, c -> new long[WORDS_PER_CHUNK]);
            lastProducer = producerId;
            lastChunkNumber = chunkNumber;
            lastChunk = chunk;
        }
        int bit = (int) (seq & (CHUNK_SEQS - 1));
        long mask = 1L << bit; // the shift takes the bit's index mod 64: its place in the word
        int word = bit >>> 6;
        if ((chunk[word] & mask) != 0) {
            duplicates++;
        } else {
            chunk[word] |= mask;
        }
    }

    /** Rows added that were already there. */
    public long duplicates() {
        return duplicates;
    }

    /**
     * @param missing rows acknowledged and never in the table when it was read: lost
     * @param late    rows in the table that became visible only after the drain ended (counted in {@code rows}, not
     *                missing): arrived, too late for the turn
     */
    public record Result(long expected, long rows, long missing, long duplicates, long unexpected, long late) {
        public Result(long expected, long rows, long missing, long duplicates, long unexpected) {
            this(expected, rows, missing, duplicates, unexpected, 0);
        }

        /** Late rows do not make a table incomplete: they are there, once each. */
        public boolean exact() {
            return missing == 0 && duplicates == 0 && unexpected == 0;
        }

        public Result withLate(long lateRows) {
            return new Result(expected, rows, missing, duplicates, unexpected, lateRows);
        }
    }

    /** Each seq of {@code [first, last]} of {@code producerId} that was never added, in order. */
    public void forEachAbsent(int producerId, long first, long last, java.util.function.LongConsumer action) {
        Map<Long, long[]> chunks = seen.getOrDefault(producerId, Map.of());
        for (long seq = first; seq <= last; ) {
            long chunkNumber = seq >> CHUNK_SHIFT;
            long chunkLast = Math.min(last, ((chunkNumber + 1) << CHUNK_SHIFT) - 1);
            long[] chunk = chunks.get(chunkNumber);
            for (; seq <= chunkLast; seq++) {
                int bit = (int) (seq & (CHUNK_SEQS - 1));
                if (chunk == null || (chunk[bit >>> 6] & (1L << bit)) == 0) {
                    action.accept(seq);
                }
            }
        }
    }

    /**
     * @param expectedRanges per producer_id the inclusive seq range the producer had acknowledged
     *                       ({@code [first, last]}); seqs outside any range are "unexpected"
     */
    public Result against(Map<Integer, long[]> expectedRanges) {
        long expected = 0;
        long missing = 0;
        long unexpected = 0;
        for (Map.Entry<Integer, long[]> e : expectedRanges.entrySet()) {
            long first = e.getValue()[0];
            long last = e.getValue()[1];
            long size = Math.max(0, last - first + 1);
            expected += size;
            long present = 0;
            long all = 0;
            for (Map.Entry<Long, long[]> c :
                    seen.getOrDefault(e.getKey(), Map.of()).entrySet()) {
                all += countAll(c.getValue());
                present += countWithin(c.getKey(), c.getValue(), first, last);
            }
            missing += size - present;
            unexpected += all - present;
        }
        for (Map.Entry<Integer, Map<Long, long[]>> e : seen.entrySet()) {
            if (!expectedRanges.containsKey(e.getKey())) {
                for (long[] chunk : e.getValue().values()) {
                    unexpected += countAll(chunk);
                }
            }
        }
        return new Result(expected, rows, missing, duplicates, unexpected);
    }

    private static long countAll(long[] chunk) {
        long n = 0;
        for (long word : chunk) {
            n += Long.bitCount(word);
        }
        return n;
    }

    /** Bits of chunk {@code chunkNumber} whose seq lies in {@code [first, last]}. */
    private static long countWithin(long chunkNumber, long[] chunk, long first, long last) {
        long chunkFirst = chunkNumber << CHUNK_SHIFT;
        long chunkLast = chunkFirst + CHUNK_SEQS - 1;
        if (last < chunkFirst || first > chunkLast || first > last) {
            return 0;
        }
        int from = (int) (Math.max(first, chunkFirst) - chunkFirst);
        int to = (int) (Math.min(last, chunkLast) - chunkFirst); // inclusive
        long n = 0;
        for (int word = from >>> 6; word <= to >>> 6; word++) {
            long bits = chunk[word];
            if (word == from >>> 6) {
                bits &= -1L << from; // drops the bits below from (the shift is mod 64)
            }
            if (word == to >>> 6) {
                bits &= -1L >>> (63 - (to & 63)); // drops the bits above to
            }
            n += Long.bitCount(bits);
        }
        return n;
    }
}
