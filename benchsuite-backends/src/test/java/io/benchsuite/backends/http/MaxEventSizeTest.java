package io.benchsuite.backends.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code max-event-size}: a default in MB small enough for a 512 MB heap, sizes with units, and a ceiling. */
class MaxEventSizeTest {
    private static final String URL = "http://127.0.0.1:1";

    private static long maxEvent(String value) {
        return HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, URL, HttpSettings.MAX_EVENT_SIZE, value)), URL)
                .maxEventBytes();
    }

    @Test
    void theDefaultIsSixteenMegabytes() {
        // was 256 MB: one event under it, held ~4 times while decoded, ran a 512 MB heap out of memory
        assertThat(HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, URL)), URL).maxEventBytes())
                .isEqualTo(16L << 20);
        assertThat(HttpOptions.connection(URL).stream().filter(o -> o.key().equals(HttpSettings.MAX_EVENT_SIZE))
                .findFirst().orElseThrow().defaultValue()).isEqualTo("16MB");
    }

    @Test
    void sizesTakeUnitsOrBytes() {
        assertThat(maxEvent("1048576")).isEqualTo(1L << 20);
        assertThat(maxEvent("512KB")).isEqualTo(512L << 10);
        assertThat(maxEvent("64mb")).isEqualTo(64L << 20);
        assertThat(maxEvent("32MiB")).isEqualTo(32L << 20);
        assertThat(maxEvent("1GB")).isEqualTo(1L << 30);
    }

    @Test
    void aSizeOutsideOneByteToOneGigabyteIsRefusedNamingTheKey() {
        for (String bad : new String[] {"0", "2GB", "9999999999GB", "-5", "16 apples", "1.5MB"}) {
            assertThatThrownBy(() -> maxEvent(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("backend config key 'max-event-size': expected a size from 1 byte to 1GB such as 16MB, "
                            + "512KB or 1048576 (bytes), got '" + bad + "'");
        }
    }
}
