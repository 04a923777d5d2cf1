package io.benchsuite.core.run;

/**
 * One second of a run's time series (all phases); the components are the fields of a
 * {@code timeSeries} entry of {@code report.json}.
 *
 * @param second seconds from the run start (this sample covers [second, second + 1))
 * @param targetRate the profile's mean requested rate over the second ({@code NaN} for closed loop)
 * @param scheduled requests scheduled in the second
 * @param sent requests sent in the second
 * @param completed successful requests that ended in the second
 * @param failed failed or cancelled requests that ended in the second
 * @param outputTokens output tokens that arrived in the second
 * @param activeRequests mean number of requests in flight over the second
 * @param ttftP50Ms median TTFT in milliseconds of first tokens arriving in the second ({@code NaN}: none)
 * @param ttftP99Ms p99 TTFT in milliseconds of first tokens arriving in the second
 * @param e2eP50Ms median E2E in milliseconds of successful requests ending in the second
 * @param e2eP99Ms p99 E2E in milliseconds of successful requests ending in the second
 */
public record SecondSample(int second, double targetRate, int scheduled, int sent, int completed, int failed,
                           long outputTokens, double activeRequests, double ttftP50Ms, double ttftP99Ms,
                           double e2eP50Ms, double e2eP99Ms) {}
