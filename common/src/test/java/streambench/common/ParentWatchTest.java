package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ParentWatchTest {
    @Test
    void theEndOfTheParentsPipeStopsThisProcess() throws Exception {
        PipedOutputStream parent = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(parent);
        CountDownLatch gone = new CountDownLatch(1);
        assertThat(ParentWatch.start(Map.of(ParentWatch.ENV, "1"), stdin, gone::countDown))
                .isTrue();
        parent.write("anything".getBytes()); // read and ignored: only the end counts
        parent.flush();
        assertThat(gone.await(300, TimeUnit.MILLISECONDS))
                .as("still open: the parent lives")
                .isFalse();
        parent.close(); // what the kernel does when the parent dies
        assertThat(gone.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void withoutTheHarnessVariableStandardInputIsLeftAlone() throws Exception {
        CountDownLatch gone = new CountDownLatch(1);
        ByteArrayInputStream userInput = new ByteArrayInputStream(new byte[] {'y'});
        assertThat(ParentWatch.start(Map.of(), userInput, gone::countDown)).isFalse();
        assertThat(ParentWatch.start(Map.of(ParentWatch.ENV, "0"), userInput, gone::countDown))
                .isFalse();
        assertThat(gone.await(200, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(userInput.available()).as("nothing read").isOne();
    }
}
