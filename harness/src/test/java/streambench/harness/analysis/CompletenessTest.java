package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CompletenessTest {
    private static final long TWO_TO_31 = 1L << 31;

    @Test
    void seqsAcrossTwoToThe31AreCountedWithOneMissingAndOneDuplicate() {
        Completeness c = new Completeness();
        for (long s = TWO_TO_31 - 5; s <= TWO_TO_31 + 5; s++) {
            if (s != TWO_TO_31) {
                c.add(7, s);
            }
        }
        c.add(7, TWO_TO_31 + 1); // duplicate

        Completeness.Result r = c.against(Map.of(7, new long[] {TWO_TO_31 - 5, TWO_TO_31 + 5}));

        assertThat(r).isEqualTo(new Completeness.Result(11, 11, 1, 1, 0));
        assertThat(r.exact()).isFalse();
    }

    @Test
    void aWholeRunPastTwoToThe32IsExact() {
        Completeness c = new Completeness();
        long first = (1L << 32) - 40_000;
        for (long s = first; s < first + 100_000; s++) {
            c.add(0, s);
        }
        assertThat(c.against(Map.of(0, new long[] {first, first + 99_999})))
                .isEqualTo(new Completeness.Result(100_000, 100_000, 0, 0, 0));
    }

    @Test
    void rowsOutsideTheRangesAreUnexpectedWhereverTheyLie() {
        Completeness c = new Completeness();
        for (long s = 0; s < 10; s++) {
            c.add(0, s);
        }
        c.add(0, 10); // just past the range
        c.add(0, Long.MAX_VALUE);
        c.add(0, -1); // only a foreign writer's row can be negative
        c.add(0, Long.MIN_VALUE);
        c.add(3, TWO_TO_31); // a producer nobody announced

        assertThat(c.against(Map.of(0, new long[] {0, 9}))).isEqualTo(new Completeness.Result(10, 15, 0, 0, 5));
    }

    @Test
    void countsMatchASetOfSeenSeqsForRangesCuttingChunksAndWords() {
        Random random = new Random(42);
        Completeness c = new Completeness();
        Set<Long> seen = new HashSet<>();
        long duplicates = 0;
        long base = TWO_TO_31 - 3 * Completeness.CHUNK_SEQS / 2;
        for (int i = 0; i < 20_000; i++) {
            long seq = base + random.nextInt(4 * Completeness.CHUNK_SEQS);
            c.add(1, seq);
            if (!seen.add(seq)) {
                duplicates++;
            }
        }
        for (int i = 0; i < 50; i++) {
            long first = base + random.nextInt(4 * Completeness.CHUNK_SEQS);
            long last = first + random.nextInt(2 * Completeness.CHUNK_SEQS) - 1;
            long present = seen.stream().filter(s -> s >= first && s <= last).count();
            long size = Math.max(0, last - first + 1);
            Map<Integer, long[]> ranges = new HashMap<>();
            ranges.put(1, new long[] {first, last});
            assertThat(c.against(ranges))
                    .as("[%d, %d]", first, last)
                    .isEqualTo(
                            new Completeness.Result(size, 20_000, size - present, duplicates, seen.size() - present));
        }
    }

    @Test
    void absentSeqsAreEveryOneOfTheRangeNeverAddedAcrossChunksAndWords() {
        Random random = new Random(7);
        Completeness c = new Completeness();
        Set<Long> seen = new HashSet<>();
        long base = TWO_TO_31 - Completeness.CHUNK_SEQS / 2;
        for (int i = 0; i < 5_000; i++) {
            long seq = base + random.nextInt(3 * Completeness.CHUNK_SEQS);
            c.add(2, seq);
            seen.add(seq);
        }
        long first = base - 100;
        long last = base + 4L * Completeness.CHUNK_SEQS; // past every chunk that holds a seq
        List<Long> absent = new ArrayList<>();
        c.forEachAbsent(2, first, last, absent::add);
        List<Long> expected = new ArrayList<>();
        for (long seq = first; seq <= last; seq++) {
            if (!seen.contains(seq)) {
                expected.add(seq);
            }
        }
        assertThat(absent).isEqualTo(expected);

        List<Long> ofAnother = new ArrayList<>();
        c.forEachAbsent(3, 10, 12, ofAnother::add);
        assertThat(ofAnother).containsExactly(10L, 11L, 12L);
    }
}
