package io.benchsuite.cli;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * A span exporter wrapper that drops, or replaces by their SHA-256 (hex), the span attributes the
 * user names as high-cardinality or sensitive ({@code --trace-drop-attribute},
 * {@code --trace-hash-attribute}) before they leave the process.
 */
final class AttributeFilter implements SpanExporter {
    private final SpanExporter delegate;
    private final Set<String> drop;
    private final Set<String> hash;

    AttributeFilter(SpanExporter delegate, Set<String> drop, Set<String> hash) {
        this.delegate = delegate;
        this.drop = Set.copyOf(drop);
        this.hash = Set.copyOf(hash);
    }

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        List<SpanData> out = new ArrayList<>(spans.size());
        for (SpanData s : spans) out.add(filter(s));
        return delegate.export(out);
    }

    private SpanData filter(SpanData span) {
        Attributes original = span.getAttributes();
        AttributesBuilder b = Attributes.builder();
        original.forEach((key, value) -> {
            String name = key.getKey();
            if (drop.contains(name)) return;
            if (hash.contains(name)) {
                b.put(AttributeKey.stringKey(name), sha256(String.valueOf(value)));
            } else {
                putRaw(b, key, value);
            }
        });
        Attributes filtered = b.build();
        return new DelegatingSpanData(span) {
            @Override
            public Attributes getAttributes() {
                return filtered;
            }

            @Override
            public int getTotalAttributeCount() {
                return filtered.size();
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static void putRaw(AttributesBuilder b, AttributeKey<?> key, Object value) {
        b.put((AttributeKey<Object>) key, value);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    @Override
    public CompletableResultCode flush() {
        return delegate.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return delegate.shutdown();
    }
}
