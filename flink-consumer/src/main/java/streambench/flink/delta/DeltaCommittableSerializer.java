package streambench.flink.delta;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import streambench.deltawriter.ColumnType;
import streambench.deltawriter.DataFile;

/**
 * Committables travel from writers to the committer and sit in the committer's checkpointed state, so
 * their bytes must stay readable across restarts and releases: an explicit, versioned format rather
 * than Kryo's reflection.
 */
public final class DeltaCommittableSerializer implements SimpleVersionedSerializer<DeltaCommittable> {
    public static final DeltaCommittableSerializer INSTANCE = new DeltaCommittableSerializer();
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    /** The version followed by the payload: what the operators put on the wire and into state. */
    public byte[] toBytes(DeltaCommittable c) {
        try {
            byte[] body = serialize(c);
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 4);
            new DataOutputStream(out).writeInt(VERSION);
            out.write(body);
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + c, e);
        }
    }

    public DeltaCommittable fromBytes(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        int version = in.readInt();
        return deserialize(version, in.readAllBytes());
    }

    @Override
    public byte[] serialize(DeltaCommittable c) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(c.checkpointId());
        out.writeInt(c.subtask());
        out.writeLong(c.barrierMillis());
        out.writeInt(c.files().size());
        for (DataFile f : c.files()) {
            out.writeUTF(f.path());
            out.writeLong(f.sizeBytes());
            out.writeLong(f.modificationTime());
            out.writeLong(f.numRecords());
            writeValues(f.minValues(), out);
            writeValues(f.maxValues(), out);
            out.writeInt(f.nullCounts().size());
            for (Map.Entry<String, Long> e : f.nullCounts().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public DeltaCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "unknown Delta committable format version " + version + " (this build reads " + VERSION + ")");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        long checkpointId = in.readLong();
        int subtask = in.readInt();
        long barrierMillis = in.readLong();
        int n = in.readInt();
        List<DataFile> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String path = in.readUTF();
            long size = in.readLong();
            long modified = in.readLong();
            long records = in.readLong();
            Map<String, Object> min = readValues(in);
            Map<String, Object> max = readValues(in);
            int nulls = in.readInt();
            Map<String, Long> nullCounts = new HashMap<>();
            for (int j = 0; j < nulls; j++) {
                nullCounts.put(in.readUTF(), in.readLong());
            }
            files.add(new DataFile(path, size, modified, records, min, max, nullCounts));
        }
        return new DeltaCommittable(checkpointId, subtask, barrierMillis, files);
    }

    private static void writeValues(Map<String, Object> values, DataOutputStream out) throws IOException {
        out.writeInt(values.size());
        for (Map.Entry<String, Object> e : values.entrySet()) {
            out.writeUTF(e.getKey());
            // the tag only says how to read the bytes; the table's schema decides the Delta type
            ColumnType t = ColumnType.wireTypeOf(e.getValue());
            out.writeByte(t.ordinal());
            t.writeValue(e.getValue(), out);
        }
    }

    private static Map<String, Object> readValues(DataInputStream in) throws IOException {
        int n = in.readInt();
        Map<String, Object> out = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String name = in.readUTF();
            ColumnType t = ColumnType.values()[in.readByte()];
            out.put(name, t.readValue(in));
        }
        return out;
    }
}
