package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.ParquetSettings;

/** The writer threads beside the poll loop: who writes which partition, and how a writer's failure surfaces. */
class ThreadedIntervalWriterTest {
    @TempDir
    Path tmp;

    private final EventCodec codec = new EventCodec();
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private ConsumerRecords<byte[], byte[]> events(int partitions, int perPartition) {
        Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> byPartition = new java.util.HashMap<>();
        for (int p = 0; p < partitions; p++) {
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            for (int i = 0; i < perPartition; i++) {
                byte[] value = codec.encode(new Event(1_767_225_600_000_000L + i, p, i, "x"));
                records.add(new ConsumerRecord<>("events", p, i, null, value));
            }
            byPartition.put(new TopicPartition("events", p), records);
        }
        return new ConsumerRecords<>(byPartition);
    }

    private EventFile fileUnder(Path dir) {
        return new EventFile("file://" + dir, new Configuration(), ParquetSettings.defaults(), out);
    }

    @Test
    void fourPartitionsOnTwoThreadsMakeTwoFilesHoldingEveryRecord() throws Exception {
        try (ThreadedIntervalWriter w = new ThreadedIntervalWriter(2, () -> fileUnder(tmp))) {
            w.append(events(4, 1_000));
            w.append(events(4, 10));
            assertThat(w.rows()).isEqualTo(4_040);

            List<DataFile> files = w.finish();

            assertThat(files).hasSize(2);
            assertThat(files.stream().mapToLong(DataFile::numRecords).sum()).isEqualTo(4_040);
            assertThat(w.rows()).isZero();
            assertThat(w.finish())
                    .as("an interval without records commits no file")
                    .isEmpty();
        }
    }

    @Test
    void aWritersFailureIsTheLoopsIOExceptionAtTheIntervalsEnd() throws Exception {
        Path notADirectory = Files.writeString(tmp.resolve("a-file"), "x");
        try (ThreadedIntervalWriter w = new ThreadedIntervalWriter(2, () -> fileUnder(notADirectory))) {
            w.append(events(2, 10));

            assertThatThrownBy(w::finish).isInstanceOf(IOException.class);
        }
    }
}
