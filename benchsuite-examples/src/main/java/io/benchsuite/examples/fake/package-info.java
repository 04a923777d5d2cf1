/**
 * {@link io.benchsuite.examples.fake.FakeServingStack}: a stand-in for your own Java serving code,
 * with prefill and decode costs and a fixed number of slots, that knows nothing of benchsuite. The
 * other examples benchmark it in-process.
 */
package io.benchsuite.examples.fake;
