package io.benchsuite.core.shard;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.util.Durations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A start barrier through a directory every shard can write (a shared volume): each shard writes
 * {@code ready-<i>}; the first shard to see all n ready files creates {@code start} (an atomic
 * create: exactly one shard wins) holding the wall-clock instant {@code margin} from then; every
 * shard reads that instant and starts at it. So the shards start together as closely as their clocks
 * agree, however long their pods took to be scheduled, and the file's polling period only has to be
 * shorter than the margin. The directory must be new for each run.
 */
public final class FileStartBarrier implements StartGate {
    static final String START_FILE = "start";
    private static final Duration POLL = Duration.ofMillis(100);

    private final Path dir;
    private final Shard shard;
    private final Duration timeout;
    private final Duration margin;
    private final Clock clock;
    private volatile Instant agreed;

    /**
     * @param dir the barrier directory shared by the shards (created when missing)
     * @param shard this shard
     * @param timeout how long to wait for the other shards before giving up
     * @param margin how far ahead of the last arrival the start is set
     */
    public FileStartBarrier(Path dir, Shard shard, Duration timeout, Duration margin) {
        this(dir, shard, timeout, margin, Clock.systemUTC());
    }

    FileStartBarrier(Path dir, Shard shard, Duration timeout, Duration margin, Clock clock) {
        this.dir = notNull(dir, "barrier directory");
        this.shard = notNull(shard, "shard");
        this.timeout = notNull(timeout, "timeout");
        this.margin = notNull(margin, "margin");
        this.clock = notNull(clock, "clock");
    }

    @Override
    public void awaitStart() throws InterruptedException {
        Instant deadline = clock.instant().plus(timeout);
        try {
            Files.createDirectories(dir);
            Optional<Instant> stale = readStart();
            if (stale.isPresent() && stale.get().isBefore(clock.instant().minus(timeout))) {
                throw new StartFailedException("start barrier " + dir + " holds the start of an earlier run ("
                        + stale.get() + "); give each run a new barrier directory");
            }
            Path ready = dir.resolve("ready-" + shard.index());
            Files.writeString(ready, clock.instant() + " shard " + shard + "\n", StandardCharsets.UTF_8);
            while (true) {
                Optional<Instant> start = readStart();
                if (start.isPresent()) {
                    agreed = start.get();
                    WallClock.sleepUntil(clock, agreed);
                    return;
                }
                SortedSet<Integer> missing = missing();
                if (missing.isEmpty()) {
                    propose(clock.instant().plus(margin));
                    continue;
                }
                if (clock.instant().isAfter(deadline)) {
                    throw new StartFailedException("start barrier " + dir + ": shard(s) " + join(missing) + " of "
                            + shard.count() + " did not arrive within " + Durations.format(timeout));
                }
                Thread.sleep(POLL.toMillis());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("start barrier " + dir + ": " + e.getMessage(), e);
        }
    }

    private SortedSet<Integer> missing() {
        TreeSet<Integer> missing = new TreeSet<>();
        for (int i = 0; i < shard.count(); i++) {
            if (!Files.exists(dir.resolve("ready-" + i))) missing.add(i);
        }
        return missing;
    }

    /** Creates the start file unless another shard did first (then its instant holds). */
    private void propose(Instant at) throws IOException {
        Path tmp = dir.resolve(START_FILE + "." + shard.index() + ".tmp");
        Files.writeString(tmp, at + "\n", StandardCharsets.UTF_8);
        try {
            Files.createLink(dir.resolve(START_FILE), tmp); // atomic: fails if it exists, never half-written
        } catch (FileAlreadyExistsException lost) {
            // another shard set the start first
        } catch (UnsupportedOperationException | IOException noLinks) {
            if (!Files.exists(dir.resolve(START_FILE))) {
                try {
                    Files.writeString(dir.resolve(START_FILE), at + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException lost) {
                    // another shard set the start first
                }
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The start instant, once a shard has written it in full. */
    private Optional<Instant> readStart() throws IOException {
        Path start = dir.resolve(START_FILE);
        if (!Files.exists(start)) return Optional.empty();
        String text = Files.readString(start, StandardCharsets.UTF_8).trim();
        try {
            return text.isEmpty() ? Optional.empty() : Optional.of(Instant.parse(text));
        } catch (DateTimeParseException e) {
            return Optional.empty(); // being written (a file system without links)
        }
    }

    private static String join(SortedSet<Integer> s) {
        StringBuilder b = new StringBuilder();
        for (int i : s) b.append(b.length() == 0 ? "" : ", ").append(i);
        return b.toString();
    }

    @Override
    public Optional<Instant> agreedStart() {
        return Optional.ofNullable(agreed);
    }

    @Override
    public String describe() {
        return "file barrier " + dir;
    }
}
