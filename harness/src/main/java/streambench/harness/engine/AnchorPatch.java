package streambench.harness.engine;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import streambench.common.ConfigException;

/**
 * New values for knobs of one {@code x-*-tuning} anchor, written into the text of docker-compose.yml line by
 * line, so its comments, order and alignment survive; and the same change as a unified diff a reviewer reads
 * before applying it.
 */
public final class AnchorPatch {
    private static final Pattern ENTRY =
            Pattern.compile("^(\\s+)([A-Z][A-Z0-9_]*)(:\\s*)(\"[^\"]*\"|'[^']*'|[^\\s#]*)(.*)$");

    private final List<String> original;
    private final List<String> patched;
    private final Map<String, String> notInAnchor;

    private AnchorPatch(List<String> original, List<String> patched, Map<String, String> notInAnchor) {
        this.original = original;
        this.patched = patched;
        this.notInAnchor = notInAnchor;
    }

    /** {@code changes} knob → new value; knobs the anchor does not hold are kept apart in {@link #notInAnchor()}. */
    public static AnchorPatch of(String composeText, String anchor, Map<String, String> changes) {
        List<String> lines = composeText.lines().toList();
        List<String> out = new ArrayList<>(lines);
        Map<String, String> left = new LinkedHashMap<>(changes);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(anchor + ":")) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            throw new ConfigException("docker-compose.yml has no " + anchor + " block to patch");
        }
        for (int i = start + 1;
                i < lines.size()
                        && (lines.get(i).isEmpty()
                                || Character.isWhitespace(lines.get(i).charAt(0))
                                || lines.get(i).startsWith("#"));
                i++) {
            Matcher m = ENTRY.matcher(lines.get(i));
            if (m.matches() && left.containsKey(m.group(2))) {
                String value = left.remove(m.group(2));
                String quoted = "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
                String head = m.group(1) + m.group(2) + m.group(3) + quoted;
                String comment = m.group(5).stripLeading();
                // a trailing comment stays in its column, or two spaces after a longer value
                int column = lines.get(i).length() - comment.length();
                String rest = comment.isEmpty() ? "" : " ".repeat(Math.max(2, column - head.length())) + comment;
                out.set(i, head + rest);
            }
        }
        return new AnchorPatch(lines, out, left);
    }

    public boolean changesAnything() {
        return !original.equals(patched);
    }

    /** The patched file, ending with a newline. */
    public String patchedText() {
        return String.join("\n", patched) + "\n";
    }

    /** Changes that are not the anchor's knobs (a --set endpoint, say): reported, never written into the anchor. */
    public Map<String, String> notInAnchor() {
        return notInAnchor;
    }

    /** A unified diff with three lines of context, applicable with {@code git apply} or {@code patch -p1}. */
    public String unifiedDiff(String fileName) {
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(
                "a/" + fileName, "b/" + fileName, original, DiffUtils.diff(original, patched), 3);
        return diff.isEmpty() ? "" : String.join("\n", diff) + "\n";
    }
}
