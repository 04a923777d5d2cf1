/**
 * A run projected onto another device ({@code projection.json}, {@code projection.html}), beside a run on that device
 * when one is given: TTFT scaled by FLOP/s, TPOT by memory bandwidth ({@code docs/analysis.md} §4).
 */
package io.benchsuite.core.report.projection;
