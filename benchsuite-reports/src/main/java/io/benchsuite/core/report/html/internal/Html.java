package io.benchsuite.core.report.html.internal;

/** HTML escaping and the page shell shared by the run report and the comparison page. */
public final class Html {
    private Html() {}

    /** Escapes text for element content and quoted attribute values; null becomes the empty string. */
    public static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    // control characters other than tab/newline make invalid HTML; show them as a replacement mark
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') b.append('\uFFFD');
                    else b.append(c);
                }
            }
        }
        return b.toString();
    }

    /** The document start: doctype, title, the inline style sheet (screen and print), and the opening body. */
    public static String head(String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + CSS + "</style>\n</head>\n<body>\n<main>\n";
    }

    /** The document end. */
    public static String tail(String generatedBy) {
        return "<footer>" + esc(generatedBy) + "</footer>\n</main>\n</body>\n</html>\n";
    }

    private static final String CSS = """
            :root { --fg:#1d2430; --muted:#5b6472; --line:#d9dee6; --card:#f6f8fb; --accent:#2f5fd0;
                    --good:#13794a; --bad:#b42318; --warn-bg:#fff4e5; --warn-line:#f0a73a; }
            * { box-sizing: border-box; }
            body { margin:0; color:var(--fg); background:#fff;
                   font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
            main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 40px; }
            h1 { font-size: 24px; margin: 0 0 4px; }
            h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
            h3 { font-size: 15px; margin: 0 0 6px; }
            .sub { color: var(--muted); margin: 0 0 12px; }
            .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; }
            .ident { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 6px 24px; margin-top: 10px; }
            .ident div { min-width: 0; overflow-wrap: anywhere; }
            .ident b { display:block; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
            .banner { border: 1px solid var(--warn-line); background: var(--warn-bg); border-left: 6px solid var(--warn-line);
                      border-radius: 6px; padding: 10px 14px; margin: 14px 0; font-weight: 600; }
            .banner.bad { border-color: var(--bad); background: #fdecea; }
            table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
            th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
            th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
            td.num, th.num { text-align: right; white-space: nowrap; }
            .headline td.value { font-weight: 600; white-space: nowrap; }
            .headline td.def { color: var(--muted); font-size: 13px; }
            .absent { color: var(--muted); font-style: italic; font-weight: 400; }
            .why { display:block; font-size: 12px; color: var(--muted); font-style: normal; font-weight: 400; white-space: normal; }
            .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 16px; }
            .grid3 { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr)); gap: 16px; }
            .grid3 td { padding: 3px 8px; font-size: 13px; }
            figure { margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 8px 8px 4px; background: #fff;
                     break-inside: avoid; page-break-inside: avoid; }
            figure svg { width: 100%; height: auto; display: block; }
            figcaption { font-size: 12px; color: var(--muted); padding: 2px 6px 4px; }
            .honesty { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 10px; }
            .honesty div { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 0; }
            .honesty b { display:block; font-size: 11px; text-transform: uppercase; color: var(--muted); letter-spacing: .04em; }
            .honesty span { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
            .honesty small { display: block; font-size: 12px; color: var(--muted); font-weight: 400; }
            table.compare th, table.compare td { padding: 6px 6px; font-size: 13px; }
            table.compare th { text-transform: none; letter-spacing: 0; }
            .better { color: var(--good); font-weight: 600; }
            .worse { color: var(--bad); font-weight: 600; }
            .same { color: var(--muted); }
            code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; overflow-wrap: anywhere; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: 12px; }
            .config td:first-child { white-space: nowrap; color: var(--muted); }
            footer { margin-top: 36px; color: var(--muted); font-size: 12px; }
            @media print {
              body { font-size: 11px; }
              main { max-width: none; padding: 0; }
              .grid { grid-template-columns: 1fr 1fr; gap: 8px; }
              h2 { break-after: avoid; page-break-after: avoid; }
              .card, .banner { background: none; }
              table { page-break-inside: auto; }
              tr { break-inside: avoid; page-break-inside: avoid; }
            }
            """;
}
