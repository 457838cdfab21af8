package streambench.services.delta;

/**
 * When a reader could first see one version of a table, as the harness's tail of the log found it: the version's
 * commit file was not there at {@code notYetMillis} (the start of the last look that found no newer version; -1
 * when the tail found it on its first look) and was there at {@code seenMillis}. Both on the harness's clock, epoch
 * ms. {@code seenMillis} is an upper bound of the moment it became visible, within the tail's poll interval.
 * {@code lookMillis} is how long the look that found it took (one storage request: opening the commit file), -1
 * where unknown: the store's round trip as a reader meets it, which the clocks check allows for.
 */
public record Visibility(long notYetMillis, long seenMillis, long lookMillis) {
    /** A version found by a look whose duration was not measured. */
    public Visibility(long notYetMillis, long seenMillis) {
        this(notYetMillis, seenMillis, -1);
    }
}
