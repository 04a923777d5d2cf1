package io.benchsuite.core.shard;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.run.StartGate;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Starts the run at a given wall-clock instant ({@code --start-at}): every shard given the same
 * instant starts together, as closely as the machines' clocks agree (NTP keeps them within
 * milliseconds). A shard that is ready only after the instant starts at once; its start skew says
 * how late it was.
 */
public final class StartAt implements StartGate {
    private final Instant at;
    private final Clock clock;

    /** @param at the wall-clock instant to start at */
    public StartAt(Instant at) {
        this(at, Clock.systemUTC());
    }

    StartAt(Instant at, Clock clock) {
        this.at = notNull(at, "start instant");
        this.clock = notNull(clock, "clock");
    }

    @Override
    public void awaitStart() throws InterruptedException {
        WallClock.sleepUntil(clock, at);
    }

    @Override
    public Optional<Instant> agreedStart() {
        return Optional.of(at);
    }

    @Override
    public String describe() {
        return "start-at " + at;
    }
}
