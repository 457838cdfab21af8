package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadBackTest {
    @Test
    void aReportSurvivesItsLineAndOtherLinesAreNotReports() {
        ReadBack.Report r = new ReadBack.Report("Delta Kernel", 1812, 310, 3790, 300, 2_778_726_400L, 60_000_000);
        assertThat(r.line())
                .isEqualTo("read-back: reader=Delta_Kernel version=1812 snapshot_ms=310 scan_ms=3790 files=300 "
                        + "bytes=2778726400 rows=60000000");
        assertThat(ReadBack.Report.parse(r.line())).hasValue(r);
        assertThat(ReadBack.Report.parse("spark: version 3.5.6")).isEmpty();
        assertThat(r.describe())
                .isEqualTo("Delta Kernel 4.1 s (table state 0.3 s, then rows 3.8 s) for 60,000,000 rows of version "
                        + "1812 in 300 files (2,650.0 MiB)");
        assertThat(new ReadBack.Report("Spark 3.5", 7, 2000, 500, -1, -1, 10).describe())
                .isEqualTo("Spark 3.5 2.5 s (table state 2.0 s, then rows 0.5 s) for 10 rows of version 7");
    }

    @Test
    void aBrokenReportIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> ReadBack.Report.parse("read-back: reader=Spark_3.5 version=x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read-back: reader=Spark_3.5 version=x");
    }

    @Test
    void onlyTheReadBackArgumentAsksAndTheTimeIsRequired() {
        assertThat(ReadBack.asked(new String[] {"read-back"})).isTrue();
        assertThat(ReadBack.asked(new String[] {})).isFalse();
        assertThat(ReadBack.asked(new String[] {"read-back", "x"})).isFalse();
        assertThatThrownBy(() -> ReadBack.fromMicros(Knobs.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("READ_BACK_FROM_US");
        assertThat(ReadBack.fromMicros(Knobs.of(Map.of("READ_BACK_FROM_US", "1800000000000123"))))
                .isEqualTo(1_800_000_000_000_123L);
    }
}
