package io.benchsuite.core.report.json;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.ReportSection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registry of section types: every {@link SectionCatalog} on the class path, catalogs in the
 * order of their class names (so a page does not depend on the class path's order), each catalog's
 * sections in its own order.
 */
public final class SectionTypes {
    private final List<SectionType<?>> types;
    private final Map<String, Class<? extends ReportSection>> byKey;
    private final Map<String, String> keysNow;

    private SectionTypes(List<SectionType<?>> types, Map<String, Class<? extends ReportSection>> byKey, Map<String, String> keysNow) {
        this.types = List.copyOf(types);
        this.byKey = Collections.unmodifiableMap(byKey);
        this.keysNow = Collections.unmodifiableMap(keysNow);
    }

    /** Found once: the catalogs never change while the program runs. */
    private static final class Loaded {
        static final SectionTypes ALL = load(SectionTypes.class.getClassLoader());
    }

    /**
     * The section types of every catalog that the class loader of benchsuite's own classes sees.
     *
     * @return the registry
     */
    public static SectionTypes loaded() {
        return Loaded.ALL;
    }

    /**
     * The section types of every catalog {@code loader} sees.
     *
     * @param loader where to look for {@code META-INF/services} entries
     * @return the registry
     * @throws IllegalStateException when two sections share a key (old keys included) or one takes a report's own key
     */
    public static SectionTypes load(ClassLoader loader) {
        List<SectionCatalog> catalogs = new ArrayList<>();
        ServiceLoader.load(SectionCatalog.class, loader).forEach(catalogs::add);
        return of(catalogs);
    }

    /**
     * The section types of the given catalogs.
     *
     * @param catalogs the catalogs, in any order
     * @return the registry
     * @throws IllegalStateException when two sections share a key (old keys included) or one takes a report's own key
     */
    public static SectionTypes of(List<? extends SectionCatalog> catalogs) {
        List<SectionCatalog> sorted = new ArrayList<>(notNull(catalogs, "catalogs"));
        sorted.sort(Comparator.comparing(c -> c.getClass().getName()));
        List<SectionType<?>> types = new ArrayList<>();
        Map<String, Class<? extends ReportSection>> byKey = new LinkedHashMap<>();
        Map<String, String> keysNow = new LinkedHashMap<>();
        Map<String, String> owner = new LinkedHashMap<>();
        for (SectionCatalog catalog : sorted) {
            String name = catalog.getClass().getName();
            for (SectionType<?> t : catalog.sections()) {
                String key = t.key();
                claim(key, name, owner);
                for (String old : t.oldKeys()) {
                    claim(old, name, owner);
                    keysNow.put(old, key);
                }
                byKey.put(key, t.type());
                types.add(t);
            }
        }
        return new SectionTypes(types, byKey, keysNow);
    }

    private static void claim(String key, String catalog, Map<String, String> owner) {
        if (Report.RESERVED_KEYS.contains(key)) {
            throw new IllegalStateException("report section '" + key + "' of " + catalog
                    + " takes one of the report's own keys " + Report.RESERVED_KEYS);
        }
        String before = owner.putIfAbsent(key, catalog);
        if (before != null) {
            throw new IllegalStateException("report section '" + key + "' is registered twice: by " + before
                    + " and by " + catalog);
        }
    }

    /**
     * Every registered type, in page order.
     *
     * @return the types
     */
    public List<SectionType<?>> types() {
        return types;
    }

    /**
     * The console lines of every registered section the report holds ({@link SectionType#consoleText}).
     *
     * @param report the report
     * @return the lines, in catalog order
     */
    public String consoleText(Report report) {
        StringBuilder b = new StringBuilder();
        for (SectionType<?> t : types) b.append(consoleText(t, report));
        return b.toString();
    }

    /**
     * Appends the {@code summary.csv} rows of every registered section the report holds ({@link SectionType#csvRows}).
     *
     * @param report the report
     * @param csv the file's text so far
     */
    public void csvRows(Report report, StringBuilder csv) {
        for (SectionType<?> t : types) csvRows(t, report, csv);
    }

    private static <S extends ReportSection> String consoleText(SectionType<S> t, Report report) {
        return report.section(t.type()).map(t::consoleText).orElse("");
    }

    private static <S extends ReportSection> void csvRows(SectionType<S> t, Report report, StringBuilder csv) {
        report.section(t.type()).ifPresent(s -> t.csvRows(s, csv));
    }

    /**
     * The record type of each registered key.
     *
     * @return key to record type
     */
    public Map<String, Class<? extends ReportSection>> byKey() {
        return byKey;
    }

    /**
     * The key a section is written under now, for a key an older report may hold ({@link SectionType#oldKeys()}).
     *
     * @param key a top-level key of a report
     * @return the section's key now; {@code key} itself when it is no registered section's old key
     */
    public String keyNow(String key) {
        return keysNow.getOrDefault(key, key);
    }
}
