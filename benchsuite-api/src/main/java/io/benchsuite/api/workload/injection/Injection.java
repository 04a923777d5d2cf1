package io.benchsuite.api.workload.injection;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.util.Durations;
import java.time.Duration;

/**
 * Content to push into a running session at a turn boundary.
 *
 * @param positionTokens the session's token offset (prompts and answers so far) at or after which it may be delivered; 0 means at the next boundary
 * @param content the text added to the session as a user message
 * @param priority the order among injections waiting at the same boundary
 * @param ttl how long it may wait from the moment it is queued; at a boundary at or after that instant it is dropped and counted as expired
 */
public record Injection(long positionTokens, String content, InjectionPriority priority, Duration ttl) {
    /**
     * Checks every component.
     *
     * @param positionTokens the session's token offset at or after which it may be delivered, at least 0
     * @param content the text added to the session, not empty
     * @param priority the order among injections waiting at the same boundary
     * @param ttl how long it may wait from the moment it is queued, above 0
     */
    public Injection {
        if (positionTokens < 0) throw new IllegalArgumentException("positionTokens must be >= 0, got " + positionTokens);
        notNull(content, "content");
        if (content.isEmpty()) throw new IllegalArgumentException("content must not be empty");
        notNull(priority, "priority");
        positive(ttl, "ttl");
    }

    /**
     * A short description for logs, without the content, e.g. {@code urgent@4096 ttl=30s}.
     *
     * @return the priority, position and time to live
     */
    public String describe() {
        return priority.label() + "@" + positionTokens + " ttl=" + Durations.format(ttl);
    }
}
