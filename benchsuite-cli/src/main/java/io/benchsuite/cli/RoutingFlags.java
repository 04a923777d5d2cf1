package io.benchsuite.cli;

import io.benchsuite.api.workload.ModelMix;
import io.benchsuite.api.workload.RequestRouting;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code benchsuite run}'s routing flags: the models requests are spread over, and the routing headers sent. */
final class RoutingFlags {

    @Option(converter = MixValue.class, names = "--model-mix", paramLabel = "<name=weight,...>",
            description = "Spread the requests over several served models (a base model and its LoRA adapters), e.g. "
                    + "base=0.6,adapter-a=0.3,adapter-b=0.1: each request's model field is drawn from the seed, so the "
                    + "same seed picks the same models. Every headline figure is then broken down per model (report.json "
                    + "'models', the console, summary.csv, report.html, compare).")
    ModelMix modelMix;

    @Option(converter = ByValue.class, names = "--model-mix-by", paramLabel = "<request|session>",
            description = "What one draw of --model-mix is made for: each request, or each session (all turns of a "
                    + "session ask for one model; an independent request draws its own) (default: request).")
    ModelMix.By modelMixBy;

    @Option(converter = HeaderName.class, names = "--session-header", paramLabel = "<name>",
            description = "Send the session's id in this header on every turn of a session (an independent request gets "
                    + "an id of its own), so that KV-aware and prefix-aware routers keep a session on one worker, e.g. "
                    + "x-session-id. Not a secret: the id is written to requests.jsonl. See docs/workloads.md.")
    String sessionHeader;

    @Option(converter = HeaderName.class, names = "--request-id-header", paramLabel = "<name>",
            description = "Send a unique id per request (the run id and the request's index) in this header, e.g. "
                    + "x-request-id; written to requests.jsonl as routeRequestId.")
    String requestIdHeader;

    /**
     * The routing these flags describe.
     *
     * @throws CliException (usage, exit 2) naming the flag when the flags do not fit together
     */
    RequestRouting routing() {
        if (modelMix == null && modelMixBy != null) {
            throw CliException.usage("--model-mix-by: needs --model-mix (the models to spread the requests over)");
        }
        ModelMix mix = modelMix == null ? null
                : new ModelMix(modelMix.entries(), modelMixBy == null ? ModelMix.By.REQUEST : modelMixBy);
        try {
            return new RequestRouting(Optional.ofNullable(mix), sessionHeader, requestIdHeader);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--request-id-header: " + e.getMessage());
        }
    }

    /** {@code name=weight,...}. */
    static final class MixValue extends FlagValues.Parsed<ModelMix> {
        MixValue() {
            super(text -> ModelMix.parse(text, ModelMix.By.REQUEST));
        }
    }

    /** {@code request} or {@code session}. */
    static final class ByValue extends FlagValues.Parsed<ModelMix.By> {
        ByValue() {
            super(ModelMix::by);
        }
    }

    /** An HTTP header name the client does not set itself. */
    static final class HeaderName extends FlagValues.Parsed<String> {
        HeaderName() {
            super(text -> {
                String n = RequestRouting.headerName(text, "header");
                if (n.isEmpty()) throw new IllegalArgumentException("expected a header name, got an empty one");
                return n;
            });
        }
    }
}
