package io.benchsuite.api.workload.source;

/**
 * A dataset or trace cannot be read as its format says: the message names the file, the record
 * (line or position) and what was expected there, e.g.
 * {@code "mooncake trace 'conv.jsonl' line 12: \"input_length\" must be a whole number, got \"abc\""}.
 */
public class WorkloadDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A data error with its message.
     *
     * @param message what is wrong and where
     */
    public WorkloadDataException(String message) {
        super(message);
    }

    /**
     * A data error with its message and cause (e.g. the I/O error underneath).
     *
     * @param message what is wrong and where
     * @param cause the error underneath
     */
    public WorkloadDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
