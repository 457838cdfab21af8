package streambench.common;

/**
 * Text from outside (a rejected record, a reason quoting one) made safe to print on one log line: every
 * character that could move the cursor, start a new line, recolour a terminal or reorder what is shown
 * becomes a visible escape ({@code \n}, {@code \r}, {@code \t}, else a backslash, 'u' and four hex digits),
 * and the result is bounded. Without it a record holding {@code "\nFAKE LOG LINE"} forges a line in the
 * consumer's log and one holding ESC [31m recolours the reader's terminal.
 *
 * <p>Escaped: Unicode's control characters (C0, DEL, C1), format characters (among them the bidi
 * embeddings, overrides and isolates U+202A..U+202E and U+2066..U+2069, and zero-width characters), the
 * line and paragraph separators U+2028 and U+2029, and unpaired surrogates. A backslash is left as it is,
 * so escaping what was escaped already changes nothing: the text is for a reader, not to be decoded back.
 */
public final class Printable {
    /** Enough for a reason or a record's start; a 1 MB record must not be quoted whole. */
    public static final int DEFAULT_MAX_CHARS = 240;

    /** The shortest bound that still leaves room for the note of how long the text was. */
    static final int MIN_MAX_CHARS = 40;

    private Printable() {}

    /** {@link #of(CharSequence, int)} with {@link #DEFAULT_MAX_CHARS}. */
    public static String of(CharSequence text) {
        return of(text, DEFAULT_MAX_CHARS);
    }

    /**
     * The text with the characters above escaped, at most {@code maxChars} long: when the escaped text is
     * longer, its start (never half an escape or a surrogate pair) and {@code "... (N characters)"}, N the
     * length of the original. {@code null} gives {@code "null"}.
     */
    public static String of(CharSequence text, int maxChars) {
        if (maxChars < MIN_MAX_CHARS) {
            throw new IllegalArgumentException("maxChars must be >= " + MIN_MAX_CHARS + ", got " + maxChars);
        }
        if (text == null) {
            return "null";
        }
        int length = text.length();
        if (length <= maxChars && isPrintable(text)) {
            return text.toString(); // the common case: nothing to copy
        }
        String note = "... (" + length + " characters)";
        StringBuilder out = new StringBuilder(Math.min(length, maxChars) + 8);
        int fitsWithNote = 0;
        for (int i = 0; i < length; ) {
            if (out.length() + note.length() <= maxChars) {
                fitsWithNote = out.length();
            }
            int c = Character.codePointAt(text, i);
            i += Character.charCount(c);
            if (needsEscape(c)) {
                appendEscape(out, c);
            } else {
                out.appendCodePoint(c);
            }
            if (out.length() > maxChars) {
                out.setLength(fitsWithNote);
                return out.append(note).toString();
            }
        }
        return out.toString();
    }

    private static boolean isPrintable(CharSequence text) {
        for (int i = 0; i < text.length(); ) {
            int c = Character.codePointAt(text, i);
            if (needsEscape(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    /** A code point from {@link Character#codePointAt}: an unpaired surrogate comes as itself. */
    static boolean needsEscape(int c) {
        if (c >= 0x20 && c < 0x7F) {
            return false; // printable ASCII, nearly every character of a record
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE -> true;
            default -> false;
        };
    }

    private static void appendEscape(StringBuilder out, int c) {
        switch (c) {
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (Character.isSupplementaryCodePoint(c)) {
                    // e.g. the tag characters U+E0000..U+E007F: both halves, as Java and JSON write them
                    appendU(out, Character.highSurrogate(c));
                    appendU(out, Character.lowSurrogate(c));
                } else {
                    appendU(out, c);
                }
            }
        }
    }

    private static void appendU(StringBuilder out, int c) {
        String hex = Integer.toHexString(c);
        out.append("\\u").append("0".repeat(4 - hex.length())).append(hex);
    }
}
