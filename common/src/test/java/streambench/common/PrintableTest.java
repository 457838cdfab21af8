package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrintableTest {
    /** What a record may hold to recolour a terminal and forge a log line after its own. */
    static final String FORGING = "\u001b[31mred\nFAKE LOG LINE";

    @Test
    void anAnsiEscapeAndANewlineBecomeVisibleEscapes() {
        assertThat(Printable.of(FORGING)).isEqualTo("\\u001b[31mred\\nFAKE LOG LINE");
        assertThat(Printable.of("a\rb\tc\u0000d\u007fe")).isEqualTo("a\\rb\\tc\\u0000d\\u007fe");
    }

    @ParameterizedTest(name = "U+{0}")
    @ValueSource(
            ints = {
                0x00,
                0x07,
                0x08,
                0x0B,
                0x0C,
                0x1B,
                0x1F, // C0
                0x7F, // DEL
                0x80,
                0x85,
                0x9B,
                0x9F, // C1, among them NEL and the one-character CSI
                0x2028,
                0x2029, // line and paragraph separator
                0x202A,
                0x202B,
                0x202C,
                0x202D,
                0x202E, // bidi embeddings and overrides
                0x2066,
                0x2067,
                0x2068,
                0x2069, // bidi isolates
                0x200E,
                0x200F,
                0x061C,
                0x200B,
                0xFEFF // bidi marks, zero width space, byte order mark
            })
    void everyCharacterThatMovesOrReordersTextIsEscaped(int c) {
        String text = "a" + (char) c + "b";
        assertThat(Printable.of(text)).isEqualTo("a\\u" + String.format("%04x", c) + "b");
    }

    @Test
    void printableTextIsLeftAsItIs() {
        String text = "café ünïcödé 日本語 😀 \"quoted\" back\\slash {\"ts\":1}";
        assertThat(Printable.of(text)).isSameAs(text);
    }

    @Test
    void anUnpairedSurrogateAndATagCharacterAreEscaped() {
        assertThat(Printable.of("x\ud800y\udc00z")).isEqualTo("x\\ud800y\\udc00z");
        String tagA = new String(Character.toChars(0xE0041));
        assertThat(Printable.of("x" + tagA)).isEqualTo("x\\udb40\\udc41");
    }

    @Test
    void escapingTwiceChangesNothing() {
        String once = Printable.of(FORGING + "\u202e" + "x".repeat(1_000));
        assertThat(Printable.of(once)).isEqualTo(once);
    }

    @Test
    void longTextIsCutToTheBoundWithItsLength() {
        String cut = Printable.of("k".repeat(100_000), 64);
        assertThat(cut).hasSizeLessThanOrEqualTo(64).startsWith("kkk").endsWith("... (100000 characters)");
        assertThat(Printable.of("k".repeat(64), 64)).isEqualTo("k".repeat(64));
    }

    @Test
    void theCutNeverSplitsAnEscapeOrASurrogatePair() {
        String escapes = Printable.of("\u001b".repeat(100), 64);
        assertThat(escapes).hasSizeLessThanOrEqualTo(64).endsWith("... (100 characters)");
        assertThat(escapes.replace("... (100 characters)", "")).matches("(\\\\u001b)+");
        String emoji = Printable.of("😀".repeat(100), 41);
        assertThat(emoji.replace("... (200 characters)", "")).matches("(😀)+");
    }

    @Test
    void nullAndATooSmallBound() {
        assertThat(Printable.of(null)).isEqualTo("null");
        assertThatThrownBy(() -> Printable.of("x", 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
