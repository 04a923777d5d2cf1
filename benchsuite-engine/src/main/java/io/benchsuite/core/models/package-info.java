/**
 * Runs whose requests ask for several models (a base model and its adapters): the figures broken down per model,
 * as the report's {@code models} section, and its rendering for the console, {@code summary.csv} and the HTML page.
 */
package io.benchsuite.core.models;
