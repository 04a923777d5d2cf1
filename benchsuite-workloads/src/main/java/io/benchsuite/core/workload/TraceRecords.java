package io.benchsuite.core.workload;

import java.io.BufferedReader;
import java.io.IOException;

/** Reads one trace format record by record from a line reader. */
interface TraceRecords {
    /**
     * The next record, or null at the end of the input.
     *
     * @throws io.benchsuite.api.workload.source.WorkloadDataException naming the line when a record is malformed
     */
    TraceRecord next(BufferedReader in) throws IOException;
}
