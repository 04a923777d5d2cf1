package io.benchsuite.api.util;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * A record's text exactly as the record's own {@code toString()} writes it ({@code Fixed[tokens=512]}), built
 * by reflection instead of the method-handle tree the JDK's record methods are bootstrapped with. A record whose
 * text a run needs once (for its identity, or picocli showing an option's value) otherwise made the JVM generate
 * ten to thirty method-handle classes on first use: 60 of the 83 such classes a virtual run generated
 * (docs/performance.md, "Seventh pass"). A record returns {@code RecordText.of(this)} from its {@code toString()};
 * the text stays what it was.
 */
public final class RecordText {
    private RecordText() {}

    /**
     * {@code Name[first=value, second=value]}: the record class's simple name, then each component's name and
     * {@link String#valueOf(Object)} of its value, in declaration order.
     *
     * @param record the record (a public record class, or one in an open package)
     * @return the text the record's implicit {@code toString()} returns
     */
    public static String of(Record record) {
        Checks.notNull(record, "record");
        RecordComponent[] components = record.getClass().getRecordComponents();
        StringBuilder text = new StringBuilder(16 * (components.length + 1));
        text.append(record.getClass().getSimpleName()).append('[');
        for (int i = 0; i < components.length; i++) {
            if (i > 0) text.append(", ");
            text.append(components[i].getName()).append('=').append(value(record, components[i]));
        }
        return text.append(']').toString();
    }

    private static Object value(Record record, RecordComponent component) {
        try {
            var accessor = component.getAccessor();
            if (!accessor.canAccess(record)) accessor.setAccessible(true);
            return accessor.invoke(record);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass(), e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("reading " + component.getName() + " of " + record.getClass() + " failed",
                    e.getCause());
        }
    }
}
