/**
 * Helpers of the assertion messages, not a public API: locale-independent number formatting.
 */
package io.benchsuite.junit.internal;
