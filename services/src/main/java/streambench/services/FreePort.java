package streambench.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Loopback ports for the services the harness starts. A port is free when asked for and bound a
 * moment later by the child, so the same port must never be handed out twice: two back-to-back
 * binds to port 0 can return the same number (seen as a broker whose listener and controller
 * collided).
 */
public final class FreePort {
    private static final java.util.Set<Integer> HANDED_OUT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private FreePort() {}

    public static int find() {
        for (int attempt = 0; attempt < 100; attempt++) {
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                s.setReuseAddress(true);
                if (HANDED_OUT.add(s.getLocalPort())) {
                    return s.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("no free loopback port: " + e.getMessage(), e);
            }
        }
        throw new IllegalStateException("no loopback port that was not handed out already, after 100 tries");
    }

    static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
