package streambench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ListeningSocketsTest {
    @Test
    void addressesAsProcWritesThem() {
        assertThat(ListeningSockets.address("0100007F:1F90")).isEqualTo("127.0.0.1:8080");
        assertThat(ListeningSockets.address("00000000:0050")).isEqualTo("0.0.0.0:80");
        assertThat(ListeningSockets.address("00000000000000000000000001000000:1F90"))
                .isEqualTo("[::1]:8080");
        assertThat(ListeningSockets.address("0000000000000000FFFF00000100007F:0050"))
                .isEqualTo("127.0.0.1:80");
        assertThat(ListeningSockets.address("00000000000000000000000000000000:0050"))
                .startsWith("[0:0:0:0");
    }

    @Test
    void aSocketThisJvmListensOnIsFound() throws Exception {
        try (ServerSocket loopback = new ServerSocket();
                ServerSocket everywhere = new ServerSocket()) {
            loopback.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            everywhere.bind(new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 0));

            assertThat(ListeningSockets.listenersOf(ProcessHandle.current().pid()))
                    .contains("127.0.0.1:" + loopback.getLocalPort())
                    .anyMatch(a -> a.endsWith(":" + everywhere.getLocalPort()) && !a.startsWith("127."));
        }
    }
}
