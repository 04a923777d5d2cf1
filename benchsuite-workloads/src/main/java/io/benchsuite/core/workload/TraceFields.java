package io.benchsuite.core.workload;

import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Reads the text fields of CSV traces, failing with the row's place and the column in the message. */
final class TraceFields {
    private TraceFields() {}

    /** A token count: a whole number from 0 to {@link LengthDistribution#MAX_TOKENS} ({@code 12.0} is accepted). */
    static int count(String text, String column, String where) {
        try {
            BigDecimal v = new BigDecimal(text.trim());
            if (v.signum() >= 0 && v.stripTrailingZeros().scale() <= 0) {
                if (v.compareTo(BigDecimal.valueOf(LengthDistribution.MAX_TOKENS)) > 0) {
                    throw new WorkloadDataException(where + ": " + column + " " + v.toPlainString() + " is over "
                            + LengthDistribution.MAX_TOKENS + ", the most tokens one request may have");
                }
                return v.intValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // message below
        }
        throw new WorkloadDataException(where + ": " + column + " must be a whole number of at least 0, got '" + text + "'");
    }

    /** Seconds (whole or decimal) as exact nanoseconds. */
    static long secondsAsNanos(String text, String column, String where) {
        try {
            return new BigDecimal(text.trim()).movePointRight(9).setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new WorkloadDataException(where + ": " + column + " must be a number of seconds, got '" + text + "'");
        }
    }
}
