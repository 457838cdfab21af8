package streambench.services.delta;

/**
 * When a reader could first see one version of a table, as the harness's tail of the log found it: the version's
 * commit file was not there at {@code notYetMillis} (the start of the last look that found no newer version; -1
 * when the tail found it on its first look) and was there at {@code seenMillis}. Both on the harness's clock, epoch
 * ms. {@code seenMillis} is an upper bound of the moment it became visible, within the tail's poll interval.
 */
public record Visibility(long notYetMillis, long seenMillis) {}
