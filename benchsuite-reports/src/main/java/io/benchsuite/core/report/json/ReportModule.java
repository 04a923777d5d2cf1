package io.benchsuite.core.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportNumbers;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Jackson's configuration for the report documents: numbers as {@link ReportNumbers} says (6
 * decimals; {@code NaN} and infinities written as {@code null}, and {@code null} or a missing
 * number read as {@code NaN}), instants in ISO-8601, run status in lower case, and the report's
 * root ({@link ReportCodec}).
 */
final class ReportModule extends SimpleModule {
    ReportModule() {
        super("benchsuite-report");
        addSerializer(Double.class, new FiniteDoubleSerializer());
        addSerializer(Double.TYPE, new FiniteDoubleSerializer());
        addDeserializer(Double.class, new NanForNullDeserializer());
        addDeserializer(Double.TYPE, new NanForNullDeserializer());
        addSerializer(Instant.class, new InstantSerializer());
        addDeserializer(Instant.class, new InstantDeserializer());
        addSerializer(RunResult.Status.class, new StatusSerializer());
        addDeserializer(RunResult.Status.class, new StatusDeserializer());
        addSerializer(Report.class, new ReportCodec.Writer());
        addDeserializer(Report.class, new ReportCodec.Reader());
    }

    private static final class FiniteDoubleSerializer extends StdSerializer<Double> {
        FiniteDoubleSerializer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value == null || !Double.isFinite(value)) {
                gen.writeNull();
            } else {
                gen.writeNumber(ReportNumbers.round(value));
            }
        }
    }

    private static final class NanForNullDeserializer extends StdDeserializer<Double> {
        NanForNullDeserializer() {
            super(Double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_NUMBER_INT || p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
                return p.getDoubleValue();
            }
            return (Double) ctxt.handleUnexpectedToken(Double.TYPE, p);
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.NaN;
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return Double.NaN;
        }
    }

    private static final class InstantSerializer extends StdSerializer<Instant> {
        InstantSerializer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.toString());
        }
    }

    private static final class InstantDeserializer extends StdDeserializer<Instant> {
        InstantDeserializer() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException | NullPointerException e) {
                return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "expected an ISO-8601 instant");
            }
        }
    }

    private static final class StatusSerializer extends StdSerializer<RunResult.Status> {
        StatusSerializer() {
            super(RunResult.Status.class);
        }

        @Override
        public void serialize(RunResult.Status value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.name().toLowerCase(Locale.ROOT));
        }
    }

    private static final class StatusDeserializer extends StdDeserializer<RunResult.Status> {
        StatusDeserializer() {
            super(RunResult.Status.class);
        }

        @Override
        public RunResult.Status deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            for (RunResult.Status s : RunResult.Status.values()) {
                if (s.name().equalsIgnoreCase(text)) return s;
            }
            return null; // a status this version does not know: unknown
        }
    }
}
