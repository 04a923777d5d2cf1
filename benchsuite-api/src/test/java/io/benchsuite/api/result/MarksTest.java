package io.benchsuite.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.RequestExtras;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request's named instants: checked names, name order, -1 for an absent one, kept by every copy of a record. */
class MarksTest {

    @Test
    void offsetsAreSortedByNameAndAnAbsentMarkIsMinusOne() {
        Map<String, Long> given = new LinkedHashMap<>();
        given.put("headers", 30L);
        given.put("firstByte", 20L);
        Marks m = new Marks(given);
        given.put("late", 99L); // a copy was kept
        assertThat(m.offsets().keySet()).containsExactly("firstByte", "headers");
        assertThat(m.offset("firstByte")).isEqualTo(20);
        assertThat(m.offset("late")).isEqualTo(-1);
        assertThat(m.since("headers", 10)).isEqualTo(20);
        assertThat(m.since("late", 10)).isEqualTo(-1);
        assertThat(m.since("headers", -1)).as("no instant to measure from").isEqualTo(-1);
        assertThatThrownBy(() -> m.offsets().put("x", 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(m.with("firstByte", 25).offset("firstByte")).isEqualTo(25);
        assertThat(m.offset("firstByte")).as("unchanged").isEqualTo(20);
        assertThat(m.map(x -> x * 2).offsets()).containsExactly(Map.entry("firstByte", 40L), Map.entry("headers", 60L));
        assertThat(Marks.none().isEmpty()).isTrue();
        assertThat(Marks.none().map(x -> x + 1)).isSameAs(Marks.none());
    }

    @Test
    void refusesNamesThatCannotBeAFieldOrAreAFixedInstantsAndNegativeOffsets() {
        assertThat(Marks.isName("firstByte")).isTrue();
        assertThat(Marks.isName("b2")).isTrue();
        for (String bad : new String[] {"FirstByte", "first_byte", "first byte", "2nd", "", null}) {
            assertThat(Marks.isName(bad)).as(bad).isFalse();
            assertThatThrownBy(() -> Marks.none().with(bad, 1)).hasMessage("a mark's name must match [a-z][A-Za-z0-9]*, got " + bad);
        }
        assertThat(Marks.isName("firstToken")).isFalse();
        assertThatThrownBy(() -> Marks.checkName("sent")).hasMessageStartingWith("a mark's name must match [a-z][A-Za-z0-9]* and not be a fixed instant's (")
                .hasMessageEndingWith("), got sent");
        assertThatThrownBy(() -> Marks.none().with("firstByte", -1)).hasMessage("offset of mark 'firstByte' must be >= 0, got -1");
    }

    @Test
    void theRecordKeepsItsMarksThroughTheBuilderAndItsCopies() {
        RequestRecord r = RequestRecord.builder(3).scheduled(100).sent(110).firstToken(200).end(300).outputTokens(1)
                .mark("firstByte", 150).mark("headers", 140).build();
        assertThat(r.marks().offsets()).containsExactly(Map.entry("firstByte", 150L), Map.entry("headers", 140L));
        assertThat(r.marks().since("firstByte", r.scheduledOffsetNanos())).isEqualTo(50);
        assertThat(r.toBuilder().build()).isEqualTo(r);
        assertThat(r.withClientStall(5).marks()).isEqualTo(r.marks());
        assertThat(r.withOutputKinds(r.outputKinds()).marks()).isEqualTo(r.marks());
        assertThat(r.withExtras(RequestExtras.none().with("x")).marks()).isEqualTo(r.marks());
        assertThat(RequestRecord.builder(0).build().marks()).isSameAs(Marks.none());
        assertThatThrownBy(() -> RequestRecord.builder(0).mark("end", 1)).hasMessageContaining("fixed instant");
    }
}
