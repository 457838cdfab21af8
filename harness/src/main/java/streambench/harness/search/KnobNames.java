package streambench.harness.search;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known knob name a misspelt one most likely meant. A knob name that nothing reads is silently
 * ignored by the engines, so {@code --set} and the search space both reject it, and a hint turns that
 * rejection into a one-character fix.
 */
public final class KnobNames {
    private KnobNames() {}

    /**
     * The known name nearest to {@code name} by Damerau–Levenshtein distance (adjacent swaps count as
     * one edit, the commonest typo), ignoring case; empty when none is near. Near means at most a third
     * of the name's length and never more than 3 edits: further away, the "suggestion" is a different
     * knob and would mislead more than help. Ties go to the alphabetically first name, so the hint does
     * not depend on the order of {@code known}.
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String wanted = name.toUpperCase(Locale.ROOT);
        int limit = Math.max(1, Math.min(3, wanted.length() / 3));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(wanted, candidate.toUpperCase(Locale.ROOT));
            if (d <= limit && (d < bestDistance || d == bestDistance && candidate.compareTo(best) < 0)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code " (did you mean X?)"}, or nothing: for the end of an error message about an unknown knob. */
    public static String hint(String name, Collection<String> known) {
        return closest(name, known).map(c -> " (did you mean " + c + "?)").orElse("");
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
