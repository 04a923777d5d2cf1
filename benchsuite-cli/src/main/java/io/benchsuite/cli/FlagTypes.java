package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.backends.openai.Endpoint;
import java.net.URI;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for flag values that have a type of their own. The checks are the API's
 * ({@link BackendOption.Type#URL}, {@link BackendConfig#isHeaderName}), so a flag and the backend
 * option it sets accept exactly the same values. Messages never repeat a header value or the
 * user information of a URL: people put credentials in both.
 */
final class FlagTypes {
    private FlagTypes() {
    }

    /** An {@code http://} or {@code https://} URL with a host. */
    static final class HttpUrl implements ITypeConverter<URI> {
        @Override
        public URI convert(String text) {
            String u = text.trim();
            BackendOption.Type.URL.problem(u).ifPresent(p -> {
                throw new TypeConversionException(p);
            });
            return URI.create(u);
        }
    }

    /**
     * One HTTP header given as {@code Name=Value}.
     *
     * @param name a valid header name
     * @param value the value, possibly a credential: {@link #toString()} hides it
     */
    record Header(String name, String value) {
        @Override
        public String toString() {
            return name + "=***";
        }
    }

    /** {@code Name=Value} with a valid header name. */
    static final class HeaderConverter implements ITypeConverter<Header> {
        @Override
        public Header convert(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0) throw new TypeConversionException("expected Name=Value (the value is not shown here)");
            String name = text.substring(0, eq).trim();
            if (name.isEmpty()) throw new TypeConversionException("expected Name=Value, the name is empty");
            if (!BackendConfig.isHeaderName(name)) throw new TypeConversionException("'" + name + "' is not a valid header name");
            return new Header(name, text.substring(eq + 1));
        }
    }

    /** The OpenAI-style API to call: {@code chat} or {@code completions} (or their paths), as its label. */
    static final class EndpointKind implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            try {
                return Endpoint.parse(text).label();
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("expected " + Endpoint.NAMES + ", got '" + text.trim() + "'");
            }
        }
    }

    /**
     * Converts {@code text} with {@code converter} outside picocli's parsing (a flag with a special
     * value such as {@code none}); a bad value is a usage error naming the flag.
     */
    static <T> T convert(String flag, String text, ITypeConverter<T> converter) {
        try {
            return converter.convert(text);
        } catch (TypeConversionException e) {
            throw CliException.usage(flag + ": " + e.getMessage());
        } catch (Exception e) {
            throw new IllegalStateException("converter of " + flag + " failed", e);
        }
    }
}
