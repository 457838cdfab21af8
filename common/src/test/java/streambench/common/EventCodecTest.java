package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EventCodecTest {
    private static final long TS = Instant.parse("2026-11-30T01:02:03.123456Z").getEpochSecond() * 1_000_000L + 123456;

    @Test
    void encodesTheDocumentedLayout() {
        byte[] bytes = new EventCodec().encode(new Event(TS, 3, 81234, "xxxx"));
        assertThat(new String(bytes, StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"ts\":\"2026-11-30T01:02:03.123456Z\",\"producer_id\":3,\"seq\":81234,\"payload\":\"xxxx\"}");
    }

    @Test
    void alwaysWritesSixFractionDigits() {
        long wholeSecond = Instant.parse("2026-01-02T03:04:05Z").getEpochSecond() * 1_000_000L;
        assertThat(EventTimestamps.formatOnce(wholeSecond)).isEqualTo("2026-01-02T03:04:05.000000Z");
        assertThat(EventTimestamps.formatOnce(wholeSecond + 7)).isEqualTo("2026-01-02T03:04:05.000007Z");
    }

    @Test
    void cachedSecondPrefixFollowsTheClockAcrossSeconds() {
        EventTimestamps ts = new EventTimestamps();
        long base = Instant.parse("2026-12-31T23:59:59Z").getEpochSecond() * 1_000_000L;
        assertThat(ts.format(base + 999_999)).isEqualTo("2026-12-31T23:59:59.999999Z");
        assertThat(ts.format(base + 1_000_000)).isEqualTo("2027-01-01T00:00:00.000000Z");
    }

    @Test
    void roundTrips() throws Exception {
        EventCodec codec = new EventCodec();
        Event e = new Event(TS, 7, 123_456_789_012L, "pad \"quoted\" \\ and \n newline");
        assertThat(EventCodec.decode(codec.encode(e))).isEqualTo(e);
    }

    @Test
    void padsToTheTargetSize() {
        EventCodec codec = new EventCodec();
        for (long seq : new long[] {0, 9, 10, 99_999, 1_000_000_000L}) {
            int len = EventCodec.payloadLengthFor(100, 12, seq);
            byte[] bytes = codec.encode(new Event(TS, 12, seq, "x".repeat(len)));
            assertThat(bytes).hasSize(100);
        }
        assertThat(EventCodec.payloadLengthFor(10, 1, 1)).isZero();
    }

    @Test
    void acceptsAnyFieldOrderAndWhitespaceAndNoPayload() throws Exception {
        Event e = EventCodec.decode(" { \"seq\" : 5 ,\"producer_id\":1, \"ts\":\"2026-11-30T01:02:03Z\" } ");
        assertThat(e.seq()).isEqualTo(5);
        assertThat(e.producerId()).isEqualTo(1);
        assertThat(e.payload()).isEmpty();
        assertThat(e.tsMicros()).isEqualTo(Instant.parse("2026-11-30T01:02:03Z").getEpochSecond() * 1_000_000L);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"ts\":\"2000-01-01T00:00:00Z\",\"producer_id\":0,\"seq\":0}",
                "{\"ts\":\"2099-12-31T23:59:59.999999Z\",\"producer_id\":2147483647,\"seq\":9223372036854775807}",
                "{\"ts\":\"2026-11-30T01:02:03.5Z\",\"producer_id\":-0,\"seq\":1}",
                "{\"ts\":\"2026-11-30T01:02:03.123456000Z\",\"producer_id\":1,\"seq\":1}",
                "{\"ts\":\"2028-02-29T00:00:00Z\",\"producer_id\":1,\"seq\":1}",
                "{\"\\u0074s\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1}",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"payload\":\"\\u00e9\\ud83d\\ude00\\/\\b\\u0000\"}",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"payload\":\"é 😀 \uFFFD\"}",
            })
    void acceptsTheEdgesOfWhatIsValid(String json) throws Exception {
        Event e = EventCodec.decode(json.getBytes(StandardCharsets.UTF_8));
        assertThat(e.tsMicros())
                .isBetween(
                        EventTimestamps.MIN_PLAUSIBLE.getEpochSecond() * 1_000_000L,
                        EventTimestamps.MAX_PLAUSIBLE.getEpochSecond() * 1_000_000L - 1);
        assertThat(EventCodec.decode(" \t\r\n" + json + "\n")).isEqualTo(e);
    }

    @Test
    void anUnknownProducerIdIsAValidEvent() throws Exception {
        // the harness, not the decoder, tells our producers' events from foreign ones
        assertThat(EventCodec.decode("{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":424242,\"seq\":7}")
                        .producerId())
                .isEqualTo(424242);
    }

    @Test
    void checksTheRangeBeforeConvertingSoFarOffInstantsAreMalformedNotArithmeticErrors() {
        // the bug: Instant.parse took these, and the conversion to micros overflowed with an ArithmeticException
        for (String ts : new String[] {
            "+300000-01-01T00:00:00Z", "+1000000000-12-31T23:59:59.999999999Z", "-1000000000-01-01T00:00:00Z"
        }) {
            assertThatThrownBy(() -> EventTimestamps.parse(ts)).isExactlyInstanceOf(MalformedEventException.class);
        }
        assertThatThrownBy(() -> EventTimestamps.parse("2100-01-01T00:00:00Z"))
                .hasMessageContaining("outside 2000..2100");
        assertThatThrownBy(() -> EventTimestamps.parse("1999-12-31T23:59:59.999999Z"))
                .hasMessageContaining("outside 2000..2100");
    }

    @Test
    void reasonsQuoteAHugeValueAbbreviated() {
        String json = "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"" + "k".repeat(100_000) + "\":1}";
        assertThatThrownBy(() -> EventCodec.decode(json))
                .hasMessageContaining("unknown field \"kkk")
                .hasMessageContaining("(100000 characters)")
                .message()
                .hasSizeLessThan(200);
    }

    @Test
    void reasonsQuoteControlCharactersOfTheRecordAsEscapes() {
        // a field name and a ts, JSON-escaped, and a raw ESC after a backslash: each reason quotes the record
        String escapedName =
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1," + "\"\\u001b[31m\\nFAKE LOG LINE\":1}";
        String escapedTs = "{\"ts\":\"\\u001b[31m\\nFAKE LOG LINE\",\"producer_id\":1,\"seq\":1}";
        String rawAfterBackslash =
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1," + "\"payload\":\"\\\u001b[31m\"}";
        for (String json : new String[] {escapedName, escapedTs, rawAfterBackslash}) {
            assertThatThrownBy(() -> EventCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
                    .as(json)
                    .isExactlyInstanceOf(MalformedEventException.class)
                    .message()
                    .contains("\\u001b")
                    .doesNotContain("\u001b")
                    .doesNotContain("\n");
        }
        assertThatThrownBy(() -> EventCodec.decode(escapedName)).hasMessageContaining("\\u001b[31m\\nFAKE LOG LINE");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not json                                                                    | not a JSON object",
                "[1,2]                                                                       | not a JSON object",
                "''                                                                          | not a JSON object",
                "{\"producer_id\":1,\"seq\":2}                                               | missing field \"ts\"",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"seq\":2}                                 | missing field \"producer_id\"",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1}                         | missing field \"seq\"",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":\"1\",\"seq\":2}           | \"producer_id\" must be an integer",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":2.5}             | \"seq\" must be an integer",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":-2}              | \"seq\" must be >= 0",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":9999999999,\"seq\":2}      | larger than a 32-bit integer",
                "{\"ts\":1764464523,\"producer_id\":1,\"seq\":2}                             | \"ts\" must be a string",
                "{\"ts\":\"2026-11-30 01:02:03\",\"producer_id\":1,\"seq\":2}                | ts must be UTC ending in Z",
                "{\"ts\":\"yesterdayZ\",\"producer_id\":1,\"seq\":2}                         | not an ISO-8601 instant",
                "{\"ts\":\"1970-01-01T00:00:01Z\",\"producer_id\":1,\"seq\":2}               | outside 2000..2100",
                "{\"ts\":\"2026-11-30T01:02:03.123456789Z\",\"producer_id\":1,\"seq\":2}     | more than microsecond precision",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":2,\"x\":1}       | unknown field \"x\"",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":92233720368547758070}| outside the 64-bit integer range",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":01}             | expected ',' or '}'",
                "{\"ts\":\"2026-02-30T01:02:03Z\",\"producer_id\":1,\"seq\":1}              | not a valid date and time",
                "{\"ts\":\"2026-11-30t01:02:03Z\",\"producer_id\":1,\"seq\":1}              | not an ISO-8601 instant",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"payload\":\"\\ud800\"} | unpaired surrogate",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"payload\":\"\\u-041\"} | bad \\u escape",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":2,\"seq\":3}     | duplicate field \"seq\"",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":2} trailing      | unexpected data after the object",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":2                | unexpected end of input",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":null,\"seq\":2}            | \"producer_id\" must be an integer, got null",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":true,\"seq\":2}            | must not be a boolean",
                "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":{},\"seq\":2}              | must not be an object or array",
            })
    void rejectsMalformedInputWithAReason(String json, String reason) {
        assertThatThrownBy(() -> EventCodec.decode(json))
                .isInstanceOf(MalformedEventException.class)
                .hasMessageContaining(reason);
    }

    @Test
    void rejectsNullValue() {
        assertThatThrownBy(() -> EventCodec.decode((byte[]) null)).hasMessage("record value is null");
        assertThatThrownBy(() -> EventCodec.decode((String) null)).hasMessage("record value is null");
    }

    @Test
    void rejectsBytesThatAreNotUtf8ButKeepsARealReplacementCharacter() throws Exception {
        byte[] valid = "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1,\"seq\":1,\"payload\":\"\uFFFD\"}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(EventCodec.decode(valid).payload()).isEqualTo("\uFFFD");
        byte[] invalid = valid.clone();
        invalid[invalid.length - 5] = (byte) 0xFF; // the first of U+FFFD's three bytes
        assertThatThrownBy(() -> EventCodec.decode(invalid)).hasMessageContaining("not valid UTF-8");
    }
}
