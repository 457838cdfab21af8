package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.HostileRecords;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.ParquetSettings;

/** The decode path: what a hostile record does to the interval's file, the counter and the output. */
class EventFileTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @BeforeEach
    void resetTheJvmWideCounter() {
        Counters.MALFORMED.set(0);
    }

    private EventFile file() {
        return new EventFile("file://" + tmp, new Configuration(), ParquetSettings.defaults(), out);
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset, byte[] value) {
        return new ConsumerRecord<>("events", 0, offset, null, value);
    }

    @Test
    void everyHostileRecordBetweenGoodOnesIsCountedAndLeftOut() throws Exception {
        EventCodec codec = new EventCodec();
        List<HostileRecords.Entry> corpus = HostileRecords.all();
        assertThat(corpus).extracting(HostileRecords.Entry::value).containsNull(); // the tombstone
        EventFile file = file();
        file.append(record(0, codec.encode(new Event(1_767_225_600_000_000L, 0, 0, "x"))));
        long offset = 1;
        for (HostileRecords.Entry hostile : corpus) {
            file.append(record(offset++, hostile.value()));
        }
        file.append(record(offset, codec.encode(new Event(1_767_225_600_000_001L, 0, 1, "x"))));

        assertThat(Counters.MALFORMED.get()).isEqualTo(corpus.size());
        assertThat(file.finish()).map(DataFile::numRecords).hasValue(2L);
    }

    @Test
    void aTombstoneIsCountedAndLeavesNoFile() throws Exception {
        EventFile file = file();
        file.append(record(7, null));

        assertThat(Counters.MALFORMED.get()).isEqualTo(1);
        assertThat(file.finish()).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("offset 7): record value is null");
    }

    @Test
    void thePrintedReasonShowsControlCharactersAsEscapes() throws Exception {
        byte[] forging = "{\"\\u001b[31m\\nFAKE LOG LINE\":1}".getBytes(StandardCharsets.UTF_8);
        file().append(record(3, forging));

        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("\\u001b[31m\\nFAKE LOG LINE")
                .doesNotContain("\u001b")
                .doesNotContain("\nFAKE");
        assertThat(text.lines()).hasSize(1);
    }
}
