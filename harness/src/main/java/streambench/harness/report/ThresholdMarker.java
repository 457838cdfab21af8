package streambench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/** The latency threshold as the search charts draw it: one dashed grey line, labelled at its right end. */
final class ThresholdMarker {
    private ThresholdMarker() {}

    static ValueMarker of(double thresholdSeconds) {
        ValueMarker threshold = new ValueMarker(
                thresholdSeconds,
                Color.DARK_GRAY,
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        threshold.setLabel("threshold " + thresholdSeconds + " s");
        threshold.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        threshold.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        return threshold;
    }
}
