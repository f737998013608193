package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.store.Catalog;
import org.thordb.store.Keys;
import org.thordb.store.NameKind;
import org.thordb.store.PlayerRecord;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Imports a base's player registry from a CSV file with a header: {@code name} (as the base's
 * names file spells it, or an alias), and optionally {@code aliases} (other spellings, separated
 * by {@code ;}), {@code country} (an IOC code) and {@code born} ({@code 1975-04-13}, {@code 1975-04}
 * or {@code 1975}). One atomic write: the base's registry and its aliases are replaced (old names
 * kept from renames stay). A line naming no player of the base, or with a bad field, is named and left out.
 *
 * <p>Usage: {@code RegistryImport.Result r = new RegistryImport(store, catalog, committer, listener).run(Path.of("players.csv"), "WTHOR");}
 */
public final class RegistryImport {
    /**
     * What an import did.
     *
     * @param base the base
     * @param players the players recorded
     * @param aliases the aliases added
     * @param leftOut the lines left out, each named
     */
    public record Result(String base, int players, int aliases, int leftOut) {
    }

    private final Store store;
    private final Catalog catalog;
    private final Importer.Committer committer;
    private final Importer.Listener listener;

    /** An import into a store whose catalog is {@code catalog}. */
    public RegistryImport(Store store, Catalog catalog, Importer.Committer committer, Importer.Listener listener) {
        this.store = store;
        this.catalog = catalog;
        this.committer = committer;
        this.listener = listener;
    }

    /**
     * Imports the file into a base (null: the store's only base).
     *
     * @throws ThorDbException {@link ErrorCode#BAD_ARGUMENT} for an unknown or unsaid base,
     *     {@link ErrorCode#BAD_FILE} for a file without a {@code name} column
     */
    public Result run(Path file, String baseName) {
        Catalog.Base base = base(baseName);
        String sha = Importer.sha256(file);
        Map<Integer, PlayerRecord> records = new TreeMap<>();
        Map<Integer, List<String>> newAliases = new TreeMap<>();
        int leftOut = 0;
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setTrim(true)
                .setIgnoreEmptyLines(true).setIgnoreHeaderCase(true).get();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser csv = CSVParser.parse(in, format)) {
            Map<String, Integer> header = csv.getHeaderMap();
            if (header.keySet().stream().noneMatch(h -> h.equalsIgnoreCase("name"))) {
                throw Faults.of(ErrorCode.BAD_FILE, file + ": line 1: the header " + header.keySet()
                        + " has no name column (name, aliases, country, born)");
            }
            for (CSVRecord r : csv) {
                long line = r.getParser().getCurrentLineNumber();
                String where = file + ": line " + line + ": ";
                String name = get(r, "name");
                if (name == null || name.isEmpty()) {
                    leftOut++;
                    listener.line(where + "left out: no name");
                    continue;
                }
                int[] numbers = base.playerIndex().matching(name, false);
                if (numbers.length != 1) {
                    leftOut++;
                    listener.line(where + "left out: " + (numbers.length == 0 ? "no player of base " + base.name()
                            + " is named \"" + name + "\"" : "\"" + name + "\" names " + numbers.length
                            + " players of base " + base.name()));
                    continue;
                }
                int number = numbers[0];
                PlayerRecord rec;
                try {
                    int[] born = born(get(r, "born"));
                    String country = get(r, "country");
                    rec = PlayerRecord.of(country == null || country.isEmpty() ? null : country, born[0], born[1], born[2]);
                } catch (ThorDbException e) {
                    leftOut++;
                    listener.line(where + "left out: " + e.getMessage());
                    continue;
                }
                records.put(number, rec);
                String aliases = get(r, "aliases");
                if (aliases != null) {
                    for (String a : aliases.split(";")) {
                        String alias = a.strip();
                        List<String> kept = base.playerAliases().getOrDefault(number, List.of());
                        List<String> added = newAliases.computeIfAbsent(number, k -> new ArrayList<>());
                        if (!alias.isEmpty() && !alias.equals(base.player(number)) && !kept.contains(alias)
                                && !added.contains(alias) && added.size() < 256 - Catalog.REGISTRY_RANK) {
                            added.add(alias);
                        }
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw Faults.of(ErrorCode.BAD_FILE, file + ": not a CSV file the registry reads: " + e.getMessage()
                    .replace('\n', ' '));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw Faults.of(ErrorCode.BAD_FILE, file + ": " + String.valueOf(e.getMessage()).replace('\n', ' '));
        }
        int aliasCount = 0;
        try (Store.Batch batch = store.batch()) {
            byte[] prefix = Catalog.registryPrefix(base.id());
            batch.deleteRange(Space.NAMES, prefix, Keys.prefixEnd(prefix));
            // the registry's aliases are replaced with it: ranks REGISTRY_RANK and up of every number
            for (Integer number : base.registryAliases().keySet()) {
                batch.deleteRange(Space.NAMES, Catalog.aliasKey(base.id(), NameKind.PLAYERS, number, Catalog.REGISTRY_RANK),
                        Keys.prefixEnd(Keys.concat(Catalog.aliasPrefix(base.id(), NameKind.PLAYERS), Keys.u16(number))));
            }
            for (Map.Entry<Integer, PlayerRecord> e : records.entrySet()) {
                batch.put(Space.NAMES, Catalog.registryKey(base.id(), e.getKey()), e.getValue().encode());
            }
            for (Map.Entry<Integer, List<String>> e : newAliases.entrySet()) {
                int rank = Catalog.REGISTRY_RANK;
                for (String a : e.getValue()) {
                    byte[] s = a.getBytes(StandardCharsets.ISO_8859_1);
                    byte[] rec = new byte[Math.max(NameKind.PLAYERS.wthorKind().recordSize(), s.length + 1)];
                    System.arraycopy(s, 0, rec, 0, s.length);
                    batch.put(Space.NAMES, Catalog.aliasKey(base.id(), NameKind.PLAYERS, e.getKey(), rank++), rec);
                    aliasCount++;
                }
            }
            ObjectNode row = new ObjectMapper().createObjectNode();
            row.put("file", file.getFileName().toString()).put("sha256", sha).put("players", records.size())
                    .put("importedAt", Instant.now().toString());
            batch.put(Space.FILES, Catalog.registryFileKey(base.id()), row.toString().getBytes(StandardCharsets.UTF_8));
            committer.commit(batch);
        }
        listener.line(file + ": registry of base " + base.name() + ": " + records.size() + " players, " + aliasCount
                + " aliases added" + (leftOut == 0 ? "" : ", " + leftOut + " lines left out"));
        return new Result(base.name(), records.size(), aliasCount, leftOut);
    }

    private Catalog.Base base(String name) {
        List<String> names = catalog.bases().stream().map(Catalog.Base::name).toList();
        if (name == null) {
            if (names.size() != 1) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, names.isEmpty() ? "the store holds no base yet"
                        : "the store holds " + names.size() + " bases (" + String.join(", ", names) + "): say which with --base");
            }
            return catalog.bases().get(0);
        }
        Catalog.Base b = catalog.base(name);
        if (b == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the store holds no base '" + Faults.quote(name)
                    + "'" + (names.isEmpty() ? "" : "; its bases: " + String.join(", ", names)));
        }
        return b;
    }

    private static String get(CSVRecord r, String column) {
        for (Map.Entry<String, Integer> e : r.getParser().getHeaderMap().entrySet()) {
            if (e.getKey().equalsIgnoreCase(column)) {
                return e.getValue() < r.size() ? r.get(e.getValue()) : null;
            }
        }
        return null;
    }

    /** {@code 1975-04-13}, {@code 1975-04}, {@code 1975} or nothing: {year, month, day}, 0 unknown. */
    static int[] born(String text) {
        if (text == null || text.isBlank()) {
            return new int[3];
        }
        Matcher m = Pattern.compile("(\\d{4})(?:-(\\d{1,2})(?:-(\\d{1,2}))?)?").matcher(text.strip());
        if (!m.matches()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "born '" + Faults.quote(text)
                    + "' is not a date such as 1975-04-13, 1975-04 or 1975");
        }
        int y = Integer.parseInt(m.group(1));
        int mo = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
        int d = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        if (mo > 12 || d > 31 || (mo == 0 && d > 0)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "born '" + Faults.quote(text) + "' is not a date");
        }
        if (mo > 0 && d > 0) {
            try {
                LocalDate.of(y, mo, d);
            } catch (DateTimeException e) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "born '" + Faults.quote(text) + "' is not a date");
            }
        }
        return new int[] {y, mo, d};
    }
}
