package io.benchsuite.core.shard.merge;

/** Shard reports that cannot be merged: of different runs, duplicated, missing, or not shard reports. The message says which. */
public final class ShardMergeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the directories */
    public ShardMergeException(String message) {
        super(message);
    }
}
