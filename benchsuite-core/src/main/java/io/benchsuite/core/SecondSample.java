package io.benchsuite.core;

/**
 * One second of a run's time series (all phases).
 *
 * @param second seconds from the run start (this sample covers [second, second + 1))
 * @param targetRate the profile's mean requested rate over the second ({@code NaN} for closed loop)
 * @param scheduled requests scheduled in the second
 * @param sent requests sent in the second
 * @param completed successful requests that ended in the second
 * @param failed failed or cancelled requests that ended in the second
 * @param outputTokens output tokens that arrived in the second
 * @param activeRequests mean number of requests in flight over the second
 * @param ttftP50Millis median TTFT of first tokens arriving in the second
 * @param ttftP99Millis p99 TTFT of first tokens arriving in the second
 * @param e2eP50Millis median E2E of successful requests ending in the second
 * @param e2eP99Millis p99 E2E of successful requests ending in the second
 */
public record SecondSample(int second, double targetRate, int scheduled, int sent, int completed, int failed,
                           long outputTokens, double activeRequests, double ttftP50Millis, double ttftP99Millis,
                           double e2eP50Millis, double e2eP99Millis) {}
