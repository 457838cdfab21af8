package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HostileRecordsTest {
    private static final Map<String, byte[]> BY_NAME = byName(HostileRecords.all());

    static List<HostileRecords.Entry> corpus() {
        return HostileRecords.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyRecordIsMalformedAndNothingElse(HostileRecords.Entry record) {
        Throwable thrown = catchThrowable(() -> EventCodec.decode(record.value()));
        assertThat(thrown).as(record.name()).isExactlyInstanceOf(MalformedEventException.class);
        assertThat(thrown.getMessage())
                .as("a reason short enough to log")
                .isNotBlank()
                .hasSizeLessThan(300);
    }

    @Test
    void theEventTheRecordsAreMadeFromIsValid() throws Exception {
        Event e = EventCodec.decode("{\"ts\":\"2026-11-30T01:02:03.123456Z\",\"producer_id\":9,\"seq\":1}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(e).isEqualTo(new Event(EventTimestamps.parse("2026-11-30T01:02:03.123456Z"), 9, 1, ""));
    }

    @Test
    void holdsWhatTheIssueAsksFor() {
        assertThat(BY_NAME)
                .containsKeys(
                        "empty",
                        "not-json",
                        "truncated",
                        "json-null",
                        "array-of-event",
                        "object-empty",
                        "missing-ts",
                        "missing-producer-id",
                        "missing-seq",
                        "ts-number",
                        "producer-id-string",
                        "seq-string",
                        "producer-id-int-max-plus-one",
                        "seq-long-max-plus-one",
                        "producer-id-negative",
                        "seq-negative",
                        "seq-integral-fraction",
                        "seq-exponent",
                        "ts-just-before-2000",
                        "ts-2100",
                        "ts-instant-max",
                        "ts-instant-min",
                        "ts-year-plus-300000",
                        "ts-no-zone",
                        "ts-offset",
                        "ts-invalid-date",
                        "utf8-invalid-byte",
                        "control-nul-in-string",
                        "duplicate-seq",
                        "unknown-field",
                        "trailing-text",
                        "huge-unknown-field-near-broker-limit");
        assertThat(BY_NAME.get("empty")).isEmpty();
        assertThat(new String(BY_NAME.get("ts-instant-max"), StandardCharsets.US_ASCII))
                .contains("\"+1000000000-12-31T23:59:59.999999999Z\"");
        assertThat(new String(BY_NAME.get("ts-year-plus-300000"), StandardCharsets.US_ASCII))
                .isEqualTo("{\"ts\":\"+300000-01-01T00:00:00Z\",\"producer_id\":9,\"seq\":1}");
        assertThat(BY_NAME.get("huge-unknown-field-near-broker-limit")).hasSize(HostileRecords.NEAR_BROKER_LIMIT_BYTES);
        assertThat(BY_NAME.get("utf8-invalid-byte")).contains((byte) 0xFF);
    }

    @Test
    void holdsATombstoneWhoseValueIsNullNotEmpty() {
        assertThat(BY_NAME).containsEntry(HostileRecords.TOMBSTONE, null);
        assertThat(HostileRecords.all().stream().filter(e -> e.value() == null))
                .extracting(HostileRecords.Entry::toString)
                .containsExactly("tombstone (null value)");
        assertThatThrownBy(() -> EventCodec.decode((byte[]) null))
                .isExactlyInstanceOf(MalformedEventException.class)
                .hasMessage("record value is null");
    }

    @Test
    void theFileFormatEscapesBytesAsPercentHex() {
        assertThat(HostileRecords.unescape("a%00b%25%ff%0A", 1)).containsExactly('a', 0, 'b', '%', 0xFF, '\n');
        assertThatThrownBy(() -> HostileRecords.unescape("50%", 7))
                .hasMessageContaining("line 7")
                .hasMessageContaining("%25");
        assertThatThrownBy(() -> HostileRecords.unescape("a\tb", 3)).hasMessageContaining("not printable ASCII");
    }

    @Test
    void namesAreUniqueAndEachCallGivesFreshArrays() {
        List<HostileRecords.Entry> first = HostileRecords.all();
        assertThat(first.stream().map(HostileRecords.Entry::name).collect(Collectors.toSet()))
                .hasSize(first.size());
        first.get(2).value()[0] = 'X';
        Map<String, byte[]> again = byName(HostileRecords.all());
        assertThat(again.get(first.get(2).name())[0]).isNotEqualTo((byte) 'X');
    }

    /** Collectors.toMap refuses null values, and the tombstone's is null. */
    private static Map<String, byte[]> byName(List<HostileRecords.Entry> entries) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.name(), e.value()));
        return out;
    }
}
