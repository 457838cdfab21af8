package streambench.deltawriter;

import java.io.Serializable;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** How data files are encoded: compression, row-group and page sizes, dictionary encoding. */
public record ParquetSettings(CompressionCodecName compression, long rowGroupBytes, int pageBytes, boolean dictionary)
        implements Serializable {
    public ParquetSettings {
        if (rowGroupBytes <= 0 || pageBytes <= 0) {
            throw new IllegalArgumentException("row group and page sizes must be > 0");
        }
    }

    /** Parquet's own defaults (128 MiB row groups, 1 MiB pages) with Snappy, as Spark writes. */
    public static ParquetSettings defaults() {
        return new ParquetSettings(CompressionCodecName.SNAPPY, 128L << 20, 1 << 20, true);
    }

    public String fileSuffix() {
        return compression == CompressionCodecName.UNCOMPRESSED
                ? ".parquet"
                : "." + compression.name().toLowerCase(java.util.Locale.ROOT) + ".parquet";
    }
}
