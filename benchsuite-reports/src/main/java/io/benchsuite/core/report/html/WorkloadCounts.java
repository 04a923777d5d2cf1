package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.model.WorkloadSection;

/**
 * The workload card's count boxes: how many plans the source yielded and how many records it skipped, each
 * with the words that relate it to the requests sent. The engine prepares plans ahead of sending (so that
 * tokenizing a prompt never delays a send), so a run that ends on its duration has read many more plans than
 * it sent; a bare "4193 / 0" beside "96 sent" reads as a fault.
 */
final class WorkloadCounts {
    private WorkloadCounts() {}

    /** Appends the plans box and the skipped box to a {@code .honesty} grid. */
    static void boxes(StringBuilder b, WorkloadSection w) {
        long skipped = w.skipped().values().stream().mapToLong(Long::longValue).sum();
        box(b, "plans-read", "Plans read from the source", Long.toString(w.plans()), plansNote(w.plans(), w.requests()));
        box(b, "records-skipped", "Records skipped", Long.toString(skipped),
                skipped == 0 ? "every record read was usable" : "left out by the source, reasons below");
    }

    /** Why the plans read differ from the requests sent, or an empty string when they do not. */
    static String plansNote(long plans, long sent) {
        if (plans > sent) {
            return "prepared ahead of sending: the run ended after " + sent + " were sent, before the other " + (plans - sent);
        }
        if (plans == sent) return "each one was sent";
        return ""; // a session's later turns are sent without a plan of their own
    }

    private static void box(StringBuilder b, String id, String name, String value, String note) {
        b.append("<div id=\"").append(id).append("\"><b>").append(esc(name)).append("</b><span>").append(esc(value)).append("</span>");
        if (!note.isEmpty()) b.append("<small>").append(esc(note)).append("</small>");
        b.append("</div>");
    }
}
