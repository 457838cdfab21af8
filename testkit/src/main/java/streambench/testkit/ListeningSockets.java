package streambench.testkit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every TCP socket a process listens on, from Linux's {@code /proc}: the process's socket inodes
 * ({@code /proc/<pid>/fd}) matched against the LISTEN entries of its network namespace
 * ({@code /proc/<pid>/net/tcp}, {@code tcp6}). A watcher samples this JVM and every process under it while a run goes
 * on and keeps each listener that is not on loopback.
 */
public final class ListeningSockets implements AutoCloseable {
    private static final String LISTEN = "0A";

    private final Set<String> beyondLoopback = ConcurrentHashMap.newKeySet();
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Thread watcher;
    private volatile boolean stopped;

    private ListeningSockets() {
        watcher = new Thread(this::watch, "listening-sockets");
        watcher.setDaemon(true);
    }

    /** Starts sampling this JVM and its descendants, a few times a second, until closed. */
    public static ListeningSockets watchThisJvmAndItsChildren() {
        ListeningSockets s = new ListeningSockets();
        s.watcher.start();
        return s;
    }

    /** "pid (command): address:port" of each listener seen on an address other than loopback. */
    public List<String> beyondLoopback() {
        return List.copyOf(beyondLoopback);
    }

    /** Every listener seen, loopback ones included, so a test can tell it looked at all. */
    public Set<String> seen() {
        return Set.copyOf(seen);
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        watcher.join(10_000);
    }

    private void watch() {
        while (!stopped) {
            List<ProcessHandle> processes = new ArrayList<>();
            processes.add(ProcessHandle.current());
            ProcessHandle.current().descendants().forEach(processes::add);
            for (ProcessHandle p : processes) {
                try {
                    for (String address : listenersOf(p.pid())) {
                        String where = p.pid() + " (" + p.info().command().orElse("?") + "): " + address;
                        seen.add(where);
                        if (!address.startsWith("127.") && !address.startsWith("[::1]")) {
                            beyondLoopback.add(where);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // the process ended while being read
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The addresses ({@code a.b.c.d:port} or {@code [v6]:port}) process {@code pid} listens on. */
    public static List<String> listenersOf(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed since the listing
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (String table : new String[] {"tcp", "tcp6"}) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && f[3].equals(LISTEN) && inodes.contains(f[9])) {
                    out.add(address(f[1]));
                }
            }
        }
        return out;
    }

    /** {@code 0100007F:1F90} → {@code 127.0.0.1:8080}; the 32-digit IPv6 form → {@code [..]:port}. */
    public static String address(String hex) {
        String[] parts = hex.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String ip = parts[0];
        if (ip.length() == 8) {
            return Integer.parseInt(ip.substring(6, 8), 16) + "." + Integer.parseInt(ip.substring(4, 6), 16) + "."
                    + Integer.parseInt(ip.substring(2, 4), 16) + "." + Integer.parseInt(ip.substring(0, 2), 16) + ":"
                    + port;
        }
        // four 32-bit words, each in the host's (little-endian) byte order
        StringBuilder v6 = new StringBuilder();
        byte[] bytes = new byte[16];
        for (int w = 0; w < 4; w++) {
            for (int b = 0; b < 4; b++) {
                bytes[w * 4 + b] =
                        (byte) Integer.parseInt(ip.substring(w * 8 + (3 - b) * 2, w * 8 + (3 - b) * 2 + 2), 16);
            }
        }
        try {
            java.net.InetAddress a = java.net.InetAddress.getByAddress(bytes);
            if (a instanceof java.net.Inet4Address) {
                return a.getHostAddress() + ":" + port; // an IPv4-mapped address
            }
            v6.append('[')
                    .append(a.isLoopbackAddress() ? "::1" : a.getHostAddress())
                    .append("]:")
                    .append(port);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
        return v6.toString();
    }
}
