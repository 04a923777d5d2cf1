package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Adds synthetic tools ({@code --tools N}) and a synthetic response format
 * ({@code --response-format json-schema}) to every request of another source, deterministic from the seed
 * chain: the functions and the schema are drawn from the scenario's stream seed {@code "tools"}, so the same
 * seed sends the same schemas on every platform, and every request of a run offers the same set (as an
 * application's fixed tool list does).
 *
 * <p>Each function is named {@code verb_noun} (e.g. {@code get_invoice}), has one to five parameters of the
 * types function-calling schemas use (string, integer, number, boolean, a string enum, an array of strings),
 * some required. The response format is an object of three to six such properties, all required, no others
 * allowed. A plan's input length still counts its messages only: the server counts the tool definitions
 * too (its {@code serverPromptTokens} in the request log show how much they add).
 */
public final class SyntheticTools extends AddingSource {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] VERBS = {"get", "create", "update", "delete", "search", "list", "book", "cancel", "send", "convert"};
    private static final String[] NOUNS = {"weather", "invoice", "flight", "order", "user", "ticket", "event", "payment", "document",
            "reminder", "hotel", "stock_price", "route", "recipe", "translation", "calendar"};
    private static final String[] PARAMS = {"city", "date", "amount", "currency", "count", "id", "query", "limit", "language", "unit",
            "email", "priority", "tags", "start_time", "end_time", "include_details", "radius_km", "category", "title", "notes"};

    private final int toolCount;
    private final String choice;
    private final boolean responseFormat;

    /**
     * Tools and/or a response format on every request of {@code inner}.
     *
     * @param inner the source of the messages and lengths
     * @param toolCount functions to offer, 0 for none
     * @param choice the tool choice ({@code auto}, {@code none}, {@code required}, or {@code function:NAME} of a
     *     generated name); ignored without tools
     * @param responseFormat whether to ask for JSON valid against a synthetic schema
     */
    public SyntheticTools(WorkloadSource inner, int toolCount, String choice, boolean responseFormat) {
        super(inner);
        if (toolCount < 0 || toolCount > VERBS.length * NOUNS.length) {
            throw new IllegalArgumentException("tool count must be in 0.." + VERBS.length * NOUNS.length + ", got " + toolCount);
        }
        if (toolCount == 0 && !responseFormat) throw new IllegalArgumentException("neither tools nor a response format to add");
        this.toolCount = toolCount;
        this.choice = notNull(choice, "choice");
        this.responseFormat = responseFormat;
    }

    @Override
    public String describe() {
        return inner.describe() + (toolCount > 0 ? " + " + toolCount + " synthetic tools (choice " + choice + ")" : "")
                + (responseFormat ? " + json-schema response format" : "");
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        SplittableRandom random = new SplittableRandom(context.seed().streamSeed("tools"));
        RequestExtras add = RequestExtras.none();
        if (toolCount > 0) add = add.with(tools(random, toolCount, choice));
        if (responseFormat) add = add.with(new ResponseFormat("synthetic_answer", objectSchema(random, 3 + random.nextInt(4), true).toString(),
                true));
        RequestExtras extras = add;
        return inner.open(context).map(p -> p.withExtras(extras));
    }

    /** {@code n} functions with distinct names. */
    static ToolSpec tools(SplittableRandom random, int n, String choice) {
        Set<String> names = new LinkedHashSet<>();
        while (names.size() < n) names.add(VERBS[random.nextInt(VERBS.length)] + "_" + NOUNS[random.nextInt(NOUNS.length)]);
        List<ToolDefinition> tools = new ArrayList<>(n);
        for (String name : names) {
            ObjectNode schema = objectSchema(random, 1 + random.nextInt(5), false);
            tools.add(new ToolDefinition(name, name.replace('_', ' ') + " (synthetic)", schema.toString()));
        }
        return new ToolSpec(tools, choice);
    }

    /** An object schema of {@code n} distinct properties; all required when {@code closed}, else a random subset. */
    private static ObjectNode objectSchema(SplittableRandom random, int n, boolean closed) {
        ObjectNode schema = JSON.createObjectNode().put("type", "object");
        ObjectNode props = schema.putObject("properties");
        ArrayNode required = JSON.createArrayNode();
        Set<String> used = new LinkedHashSet<>();
        while (used.size() < n) used.add(PARAMS[random.nextInt(PARAMS.length)]);
        for (String p : used) {
            ObjectNode ps = props.putObject(p);
            switch (random.nextInt(6)) {
                case 0 -> ps.put("type", "string").put("description", p.replace('_', ' '));
                case 1 -> ps.put("type", "integer").put("minimum", 0).put("maximum", 1000);
                case 2 -> ps.put("type", "number").put("minimum", -90).put("maximum", 90);
                case 3 -> ps.put("type", "boolean");
                case 4 -> ps.put("type", "string").putArray("enum").add("low").add("medium").add("high");
                default -> {
                    ps.put("type", "array").put("maxItems", 3);
                    ps.putObject("items").put("type", "string");
                }
            }
            if (closed || random.nextBoolean()) required.add(p);
        }
        if (!required.isEmpty()) schema.set("required", required);
        if (closed) schema.put("additionalProperties", false);
        return schema;
    }
}
