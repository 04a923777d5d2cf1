package io.benchsuite.benchmarks.server;

import io.benchsuite.api.util.Durations;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs {@link ScriptedSseServer} as a process until stdin closes or the process is terminated, then
 * writes its log.
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.server.ScriptedSseServerMain \
 *     --port 8000 --ttft 40ms --itl 20ms --tokens 64 --closing keep-alive --log served.jsonl
 * </pre>
 */
public final class ScriptedSseServerMain {
    private ScriptedSseServerMain() {}

    public static void main(String[] args) throws Exception {
        int port = 8000;
        Duration ttft = Duration.ofMillis(40);
        Duration itl = Duration.ofMillis(20);
        int tokens = 0;
        int threads = 1;
        ScriptedSseServer.Closing closing = ScriptedSseServer.Closing.KEEP_ALIVE;
        Path log = null;
        for (int i = 0; i < args.length; i++) {
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(v);
                case "--ttft" -> ttft = Durations.parse(v);
                case "--itl" -> itl = Durations.parse(v);
                case "--tokens" -> tokens = Integer.parseInt(v);
                case "--threads" -> threads = Integer.parseInt(v);
                case "--closing" -> closing = ScriptedSseServer.Closing.parse(v);
                case "--log" -> log = Path.of(v);
                default -> throw new IllegalArgumentException("unknown flag " + args[i]
                        + " (known: --port --ttft --itl --tokens --threads --closing --log)");
            }
            i++;
        }
        ScriptedSseServer server = new ScriptedSseServer(
                new ScriptedSseServer.Script(ttft, itl, tokens, closing, log != null), port, threads);
        CountDownLatch stop = new CountDownLatch(1);
        Path logFile = log;
        Thread hook = new Thread(() -> {
            server.close();
            if (logFile != null) {
                try {
                    ServedLog.write(logFile, server.served());
                } catch (IOException e) {
                    System.err.println("cannot write " + logFile + ": " + e.getMessage());
                }
            }
            stop.countDown();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        System.out.println("listening on " + server.url());
        System.out.flush();
        while (System.in.read() >= 0) {
            // runs until stdin closes
        }
        System.exit(0);
    }
}
