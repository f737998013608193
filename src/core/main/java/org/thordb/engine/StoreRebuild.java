package org.thordb.engine;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.GameColumns;
import org.thordb.index.PositionHash;
import org.thordb.index.SegmentIndexer;
import org.thordb.ingest.StoreVerifier;
import org.thordb.store.ByteKey;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.LostAndFound;
import org.thordb.store.NameKind;
import org.thordb.store.RawRecords;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.store.StoreFolder;
import org.thordb.store.StoreState;
import java.util.Collections;
import org.thordb.explore.ExplorationBook;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.NameList;

/**
 * Rebuilds a store whose manifest cannot be trusted (cut short, replaced, naming a table file that
 * is gone) from the records its table and log files still hold. The records are the truth: every
 * index, term, fingerprint, column and book entry derives from them. So the rebuild reads every
 * table file with {@code SstFileReader} and every log record ({@link RawRecords}), takes back each
 * game's record, the names, the catalog's rows and the texts of text sources, chooses among the
 * versions of a key by what the records say of themselves (a game filled or found damaged later
 * wins over its earlier self; the catalog is the one the state file kept, {@link StoreState}),
 * checks that nothing is missing (every game of every file, every name the digest counts), writes
 * them into a fresh store beside the old one ({@code .rebuild/} inside its folder), indexes it
 * from those records, verifies it, and only then swaps the two: the old store's files go into
 * {@code lost+found/}, never deleted. A store it cannot make whole is refused with
 * {@link ErrorCode#CORRUPT} naming what is missing, and left as it was.
 *
 * <p>A kill during the build leaves the old store as it was (the half-built one is set aside by the
 * next try); a kill during the swap leaves the mark {@link StoreFolder#REPAIRING}, which refuses
 * every open until the next {@code verify --repair} finishes the swap.
 *
 * <p>Usage: {@code StoreRebuild.Report r = StoreRebuild.rebuild(Path.of("store"), PositionHash.DEFAULT, System.out::println);}
 */
public final class StoreRebuild {
    private StoreRebuild() {
    }

    /** Hears what the rebuild does, a line at a time. */
    public interface Listener {
        /** A line worth telling. */
        void line(String message);
    }

    /**
     * What a rebuild did.
     *
     * @param games the games taken back
     * @param gameFiles the game files they belong to
     * @param tables the table files read
     * @param unreadable the table and log files that could not be read, with why
     * @param setAside where the old store's files went
     * @param notes what else was found
     */
    public record Report(long games, int gameFiles, long tables, List<String> unreadable, Path setAside, List<String> notes) {
    }

    /** The folder inside a store where the fresh store is built. */
    public static final String SCRATCH = ".rebuild";

    /** The families whose entries are records (or rows a rebuild takes back); the others derive from them. */
    private static final Set<String> RECORD_FAMILIES = Set.of("meta", "files", "names", "games", "sources", "solitaires",
            "retired");

    /** Whether an interrupted rebuild left its mark in the folder with the swap under way. */
    public static boolean swapInterrupted(Path dir) {
        try {
            return Files.exists(dir.resolve(StoreFolder.REPAIRING))
                    && Files.readString(dir.resolve(StoreFolder.REPAIRING), StandardCharsets.UTF_8).startsWith("stage swap");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Rebuilds the store of {@code dir} from its records, or finishes a swap a kill interrupted.
     *
     * @throws ThorDbException with {@link ErrorCode#CORRUPT} when the records cannot make the store whole
     *     (nothing is changed then), {@link ErrorCode#LOCKED} when another process writes the store
     */
    public static Report rebuild(Path dir, PositionHash hash, Listener out) {
        try (RocksStore.WriterLock lock = RocksStore.lockFolder(dir)) {
            if (swapInterrupted(dir)) {
                Path folder = finishSwap(dir);
                out.line(dir + ": finished the swap an interrupted repair began; the old store's files are in " + folder);
                return new Report(-1, -1, 0, List.of(), folder, List.of("a swap was finished"));
            }
            return new Rebuilder(dir, hash, out).run();
        }
    }

    private static final class Rebuilder {
        private final Path dir;
        private final PositionHash hash;
        private final Listener out;
        private final List<String> notes = new ArrayList<>();
        private final List<String> missing = new ArrayList<>();

        Rebuilder(Path dir, PositionHash hash, Listener out) {
            this.dir = dir;
            this.hash = hash;
            this.out = out;
        }

        Report run() {
            StoreState state;
            try {
                state = StoreState.read(dir);
            } catch (ThorDbException e) {
                notes.add(e.getMessage() + "; the catalog is taken from the table files alone");
                state = null;
            }
            if (state == null) {
                notes.add("no state file (" + StoreState.FILE + "): the catalog is taken from the table files alone,"
                        + " and a file removed from the store could come back");
            }
            RawRecords raw = RawRecords.read(dir, RECORD_FAMILIES, state == null ? Map.of() : state.families());
            raw.requireSome(dir);
            notes.addAll(raw.notes());
            out.line(dir + ": read " + raw.tables() + " table files and " + raw.logRecords() + " log records without the"
                    + " manifest" + (raw.unreadable().isEmpty() ? "" : "; " + raw.unreadable().size() + " could not be read: "
                    + String.join("; ", raw.unreadable())));

            Map<ByteKey, byte[]> rows = catalogRows(state, raw);
            List<FileRow> files = new ArrayList<>();
            Map<Integer, String> bases = new TreeMap<>();
            rows.forEach((k, v) -> {
                byte c = k.bytes()[0];
                if (c == 'F') {
                    files.add(decodeRow(v));
                } else if (c == 'B') {
                    bases.put(Keys.getU16(v, 0), new String(k.bytes(), 1, k.bytes().length - 1, StandardCharsets.UTF_8));
                }
            });
            Map<Integer, byte[]> games = games(files, raw.values("games"));
            List<FileRow> kept = new ArrayList<>();
            rows.forEach((k, v) -> {
                if (k.bytes()[0] == 'X') {
                    kept.add(Catalog.decodeRetired(v).file());
                }
            });
            Map<Integer, byte[]> retired = games(kept, raw.values("retired"));
            Map<ByteKey, byte[]> sources = sources(files, raw.values("sources"));
            Map<ByteKey, byte[]> names = names(bases.keySet(), rows, raw.values("names"), state);
            Map<ByteKey, byte[]> solitaires = solitaires(rows, raw.values("solitaires"));
            if (!missing.isEmpty()) {
                throw Faults.of(ErrorCode.CORRUPT, dir + ": the store cannot be rebuilt whole from its table and"
                        + " log files: " + String.join("; ", missing.subList(0, Math.min(8, missing.size())))
                        + (missing.size() > 8 ? "; and " + (missing.size() - 8) + " more" : "")
                        + (raw.unreadable().isEmpty() ? "" : " (unreadable: " + String.join("; ", raw.unreadable()) + ")")
                        + "; nothing was changed: restore the store from a copy, or import its files again into a new store");
            }
            byte[] counters = counters(files, bases, raw.values("meta"));

            Path scratch = dir.resolve(SCRATCH);
            if (Files.exists(scratch)) {
                Path aside = LostAndFound.moveAside(dir, List.of(scratch), "the half-built store of a rebuild cut short");
                out.line(dir + ": the half-built store of an earlier rebuild was set aside in " + aside);
            }
            long total = build(scratch, rows, files, games, sources, names, solitaires, counters, retired);
            List<byte[]> from = raw.values("meta").get(new ByteKey(ExplorationBook.FROM_KEY));
            if (merged || from != null) {
                // the old store was merged, with the explorer's book: so is the fresh one, before the swap
                long bookFrom = from != null && from.get(0).length == 8 ? Keys.getU64(from.get(0), 0)
                        : ExplorationBook.DEFAULT_FROM;
                try (Engine fresh = Engine.open(scratch)) {
                    fresh.optimize(true, bookFrom, m -> { });
                }
                out.line(dir + ": the rebuilt store merged and its explorer's book made again, as the old one was");
            }
            Path folder = swap(dir, scratch);
            out.line(dir + ": rebuilt from its records: " + total + " games of " + files.size() + " game files; the old"
                    + " store's files are in " + folder);
            return new Report(total, files.size(), raw.tables(), raw.unreadable(), folder, notes);
        }

        /**
         * The catalog's rows: those the state file kept at the last commit (the truth when a
         * manifest lost some), else each row's newest version among the table files (by its
         * {@code importedAt}); merge groups left out, since the fresh store is not merged.
         */
        /** Whether the old store was merged ({@code thordb optimize}): the fresh one is merged too, with its book. */
        private boolean merged;

        private Map<ByteKey, byte[]> catalogRows(StoreState state, RawRecords raw) {
            Map<ByteKey, byte[]> rows = new TreeMap<>(StoreState.ORDER);
            if (state != null && !state.pending()) {
                rows.putAll(state.rows());
            } else {
                raw.values("files").forEach((k, vs) -> rows.put(k, newest(vs)));
                if (state != null) {
                    notes.add("the state file was written while a commit was under way: the catalog is taken from"
                            + " the table files");
                }
            }
            merged = rows.keySet().stream().anyMatch(k -> k.bytes().length > 0 && k.bytes()[0] == 'M');
            rows.keySet().removeIf(k -> k.bytes().length == 0 || k.bytes()[0] == 'M');
            return rows;
        }

        private static byte[] newest(List<byte[]> versions) {
            byte[] best = versions.get(0);
            String bestAt = importedAt(best);
            for (byte[] v : versions) {
                String at = importedAt(v);
                if (at != null && (bestAt == null || at.compareTo(bestAt) > 0)) {
                    best = v;
                    bestAt = at;
                }
            }
            return best;
        }

        private static String importedAt(byte[] json) {
            String s = new String(json, StandardCharsets.UTF_8);
            int i = s.indexOf("\"importedAt\":\"");
            if (i < 0) {
                return null;
            }
            int from = i + 14;
            int to = s.indexOf('"', from);
            return to < 0 ? null : s.substring(from, to);
        }

        private FileRow decodeRow(byte[] json) {
            try {
                return Catalog.decodeRow(json);
            } catch (ThorDbException e) {
                throw Faults.of(ErrorCode.CORRUPT, dir + ": a file row of the catalog does not decode: " + e.getMessage());
            }
        }

        /**
         * Each game of every file, from its versions: one is the rule; of several (a game filled or
         * found damaged after its import, a table not yet compacted away), the one that says more
         * (its flags a superset), provided they are the same record otherwise.
         */
        private Map<Integer, byte[]> games(List<FileRow> files, Map<ByteKey, List<byte[]>> raw) {
            Map<Integer, byte[]> out = new HashMap<>();
            for (FileRow f : files) {
                int absent = 0;
                int filled = 0;
                for (int i = 0; i < f.games(); i++) {
                    int id = f.firstId() + i;
                    List<byte[]> vs = raw.get(new ByteKey(GameRow.key(id)));
                    if (vs == null) {
                        absent++;
                        continue;
                    }
                    byte[] v = choose(vs);
                    if (v == null) {
                        missing.add("game " + id + " of " + f.name() + " has " + vs.size() + " versions that differ in its record");
                        continue;
                    }
                    GameRow row;
                    try {
                        row = GameRow.decode(id, v);
                    } catch (RuntimeException e) {
                        missing.add("game " + id + " of " + f.name() + " does not decode");
                        continue;
                    }
                    if (row.base() != f.base() || row.year() != f.year() || row.segment() != f.segment() || row.record() != i) {
                        missing.add("game " + id + " says it is record " + row.record() + " of another file than " + f.name());
                        continue;
                    }
                    filled += row.theoreticalGiven() ? 1 : 0; // for a text source, given or filled: at least the row's filled
                    out.put(id, v);
                }
                if (absent > 0) {
                    missing.add(absent + " of the " + f.games() + " games of " + f.name() + " (year " + f.year()
                            + ", games " + f.firstId() + " to " + (f.firstId() + f.games() - 1) + ") are in no table or log file");
                } else if (f.filled() != null && filled < f.filled()) {
                    missing.add(f.name() + ": " + filled + " games hold a filled theoretical score where its row says "
                            + f.filled() + " (an older version of some games was found)");
                }
            }
            return out;
        }

        /** The version of a game that says most, when they are one record; null when they are not. */
        private static byte[] choose(List<byte[]> vs) {
            if (vs.size() == 1) {
                return vs.get(0);
            }
            byte[] best = vs.get(0);
            for (byte[] v : vs) {
                if (!sameGame(best, v)) {
                    return null;
                }
                int fb = best[15] & 3;
                int fv = v[15] & 3;
                if ((fv & fb) == fb && fv != fb) {
                    best = v; // its flags a superset: filled or found damaged later
                }
            }
            return best;
        }

        /** Two versions of one game: the same bytes but for the flags, the record's theoretical byte and the damage reason. */
        private static boolean sameGame(byte[] a, byte[] b) {
            int size = (a[2] & 0xff) == 10 ? 104 : 68;
            if (a.length < 17 + size || b.length < 17 + size) {
                return false;
            }
            for (int i = 0; i < 17 + size; i++) {
                if (i == 15 || i == 17 + 7) {
                    continue;
                }
                if (a[i] != b[i]) {
                    return false;
                }
            }
            return true;
        }

        /** The texts of the games of text sources: one version each. */
        private Map<ByteKey, byte[]> sources(List<FileRow> files, Map<ByteKey, List<byte[]>> raw) {
            Map<ByteKey, byte[]> out = new TreeMap<>(StoreState.ORDER);
            for (FileRow f : files) {
                if (!f.fromSource()) {
                    continue;
                }
                int absent = 0;
                for (int i = 0; i < f.games(); i++) {
                    ByteKey k = new ByteKey(GameRow.key(f.firstId() + i));
                    List<byte[]> vs = raw.get(k);
                    if (vs == null) {
                        absent++;
                    } else if (vs.size() > 1) {
                        missing.add("the text of game " + (f.firstId() + i) + " of " + f.name() + " is in " + vs.size() + " versions");
                    } else {
                        out.put(k, vs.get(0));
                    }
                }
                if (absent > 0) {
                    missing.add("the texts of " + absent + " games of " + f.name() + " (year " + f.year() + ") are in no table file");
                }
            }
            return out;
        }

        /**
         * Every base's names: one version of each entry, chosen by the rules of names updates (an
         * old name kept as an alias is not the current one; a number past the names file's count
         * was deleted), then checked against the digest the state file kept of the base's names;
         * when they differ, the versions of the entries in doubt are tried until one agrees.
         */
        private Map<ByteKey, byte[]> names(Set<Integer> bases, Map<ByteKey, byte[]> rows, Map<ByteKey, List<byte[]>> raw,
                                           StoreState state) {
            Map<ByteKey, byte[]> out = new TreeMap<>(StoreState.ORDER);
            for (int base : bases) {
                Map<ByteKey, List<byte[]>> mine = new TreeMap<>(StoreState.ORDER);
                raw.forEach((k, vs) -> {
                    if (k.bytes().length >= 3 && Keys.getU16(k.bytes(), 0) == base) {
                        mine.put(k, new ArrayList<>(vs));
                    }
                });
                // a name past the count of its names file was deleted by an update that shortened it
                for (NameKind kind : NameKind.values()) {
                    byte[] row = rows.get(new ByteKey(FileRow.namesFileKey(base, kind)));
                    if (row == null) {
                        continue;
                    }
                    int count = decodeRow(row).games();
                    mine.keySet().removeIf(k -> k.bytes().length == 5 && k.bytes()[2] == kind.code()
                            && Keys.getU16(k.bytes(), 3) >= count);
                }
                // an old name kept as an alias is not the current name of its number
                for (Map.Entry<ByteKey, List<byte[]>> e : mine.entrySet()) {
                    byte[] k = e.getKey().bytes();
                    if (e.getValue().size() > 1 && k.length == 5 && (k[2] == 'P' || k[2] == 'T')) {
                        byte lower = (byte) Character.toLowerCase(k[2]);
                        List<String> old = new ArrayList<>();
                        mine.forEach((ak, avs) -> {
                            byte[] a = ak.bytes();
                            if (a.length == 6 && a[2] == lower && a[3] == k[3] && a[4] == k[4] && (a[5] & 0xff) < Catalog.REGISTRY_RANK) {
                                avs.forEach(v -> old.add(NameList.decode(v)));
                            }
                        });
                        List<byte[]> left = new ArrayList<>(e.getValue());
                        left.removeIf(v -> old.contains(NameList.decode(v)));
                        if (!left.isEmpty()) {
                            e.setValue(left);
                        }
                    }
                }
                Long want = state == null ? null : state.names().get(base);
                List<ByteKey> doubt = new ArrayList<>();
                long fixed = 0;
                for (Map.Entry<ByteKey, List<byte[]>> e : mine.entrySet()) {
                    if (e.getValue().size() == 1) {
                        fixed += StoreState.entryHash(e.getKey().bytes(), e.getValue().get(0));
                    } else {
                        doubt.add(e.getKey());
                    }
                }
                Map<ByteKey, byte[]> chosen = new TreeMap<>(StoreState.ORDER);
                mine.forEach((k, vs) -> chosen.put(k, vs.get(0)));
                if (want != null) {
                    long sum = fixed;
                    for (ByteKey k : doubt) {
                        sum += StoreState.entryHash(k.bytes(), mine.get(k).get(0));
                    }
                    if (sum != want && !search(base, mine, doubt, fixed, want, chosen)) {
                        missing.add("the names of base " + base + " do not add up to the digest the store kept of them ("
                                + doubt.size() + " entries in more than one version)");
                    }
                } else if (!doubt.isEmpty()) {
                    missing.add(doubt.size() + " names of base " + base + " are in more than one version, and no state file"
                            + " tells which is the store's");
                }
                out.putAll(chosen);
            }
            return out;
        }

        /**
         * Tries the versions of the entries in doubt (and, for old names and the registry, their
         * absence: a deleted entry an old table brings back) until their digest is {@code want}.
         */
        private static boolean search(int base, Map<ByteKey, List<byte[]>> mine, List<ByteKey> doubt, long fixed, long want,
                                      Map<ByteKey, byte[]> chosen) {
            // single-version aliases and registry rows may be deleted ones come back: they are in doubt too
            List<ByteKey> keys = new ArrayList<>(doubt);
            long base0 = fixed;
            for (Map.Entry<ByteKey, List<byte[]>> e : mine.entrySet()) {
                byte[] k = e.getKey().bytes();
                boolean removable = k.length >= 3 && Character.isLowerCase((char) k[2]);
                if (removable && e.getValue().size() == 1) {
                    keys.add(e.getKey());
                    base0 -= StoreState.entryHash(k, e.getValue().get(0));
                }
            }
            if (keys.size() > 16) {
                return false;
            }
            int[] choice = new int[keys.size()];
            long tries = 1;
            for (ByteKey k : keys) {
                boolean removable = Character.isLowerCase((char) k.bytes()[2]);
                tries *= mine.get(k).size() + (removable ? 1 : 0);
                if (tries > 1 << 20) {
                    return false;
                }
            }
            for (long t = 0; t < tries; t++) {
                long sum = base0;
                long rest = t;
                for (int i = 0; i < keys.size(); i++) {
                    ByteKey k = keys.get(i);
                    List<byte[]> vs = mine.get(k);
                    int n = vs.size() + (Character.isLowerCase((char) k.bytes()[2]) ? 1 : 0);
                    choice[i] = (int) (rest % n);
                    rest /= n;
                    if (choice[i] < vs.size()) {
                        sum += StoreState.entryHash(k.bytes(), vs.get(choice[i]));
                    }
                }
                if (sum == want) {
                    for (int i = 0; i < keys.size(); i++) {
                        ByteKey k = keys.get(i);
                        List<byte[]> vs = mine.get(k);
                        if (choice[i] < vs.size()) {
                            chosen.put(k, vs.get(choice[i]));
                        } else {
                            chosen.remove(k);
                        }
                    }
                    return true;
                }
            }
            return false;
        }

        /** Every stored solitaire of every solitaire file; of two versions, the one whose flags say more. */
        private Map<ByteKey, byte[]> solitaires(Map<ByteKey, byte[]> rows, Map<ByteKey, List<byte[]>> raw) {
            Map<ByteKey, byte[]> out = new TreeMap<>(StoreState.ORDER);
            for (Map.Entry<ByteKey, byte[]> r : rows.entrySet()) {
                if (r.getKey().bytes()[0] != 'S') {
                    continue;
                }
                Catalog.SolitaireFile f;
                try {
                    f = Catalog.decodeSolitaireFile(r.getValue());
                } catch (ThorDbException e) {
                    missing.add("a solitaire file row does not decode");
                    continue;
                }
                byte[] prefix = SolitaireRow.filePrefix(f.base(), f.empties());
                int n = 0;
                for (Map.Entry<ByteKey, List<byte[]>> e : raw.entrySet()) {
                    byte[] k = e.getKey().bytes();
                    if (k.length == prefix.length + 4 && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length)
                            && Keys.getU32(k, prefix.length) < f.solitaires()) {
                        byte[] best = e.getValue().get(0);
                        for (byte[] v : e.getValue()) {
                            if ((v[0] & best[0]) == best[0]) {
                                best = v;
                            }
                        }
                        out.put(e.getKey(), best);
                        n++;
                    }
                }
                if (n < f.solitaires()) {
                    missing.add((f.solitaires() - n) + " of the " + f.solitaires() + " solitaires of " + f.name()
                            + " are in no table file");
                }
            }
            return out;
        }

        /** Next game id, segment and base: past every stored one, and never below what the store had said. */
        private static byte[] counters(List<FileRow> files, Map<Integer, String> bases, Map<ByteKey, List<byte[]>> meta) {
            long game = 0;
            long segment = 0;
            long base = 0;
            for (FileRow f : files) {
                game = Math.max(game, (long) f.firstId() + f.games());
                segment = Math.max(segment, f.segment() + 1L);
            }
            for (int b : bases.keySet()) {
                base = Math.max(base, b + 1L);
            }
            List<byte[]> stored = meta.get(new ByteKey(Catalog.COUNTERS_KEY));
            if (stored != null) {
                for (byte[] c : stored) {
                    if (c.length >= 12) {
                        game = Math.max(game, Integer.toUnsignedLong(Keys.getU32(c, 0)));
                        segment = Math.max(segment, Integer.toUnsignedLong(Keys.getU32(c, 4)));
                        base = Math.max(base, Integer.toUnsignedLong(Keys.getU32(c, 8)));
                    }
                }
            }
            return Catalog.counters((int) game, (int) segment, (int) base);
        }

        /**
         * Writes the records into a new store at {@code scratch}, indexes every game file from them as
         * {@code verify} does, flushes and verifies it; returns its games.
         */
        private long build(Path scratch, Map<ByteKey, byte[]> rows, List<FileRow> files, Map<Integer, byte[]> games,
                           Map<ByteKey, byte[]> sources, Map<ByteKey, byte[]> names, Map<ByteKey, byte[]> solitaires,
                           byte[] counters, Map<Integer, byte[]> retired) {
            long total = 0;
            try (RocksStore fresh = RocksStore.open(scratch)) {
                SchemaMigrations.check(fresh, hash);
                try (Store.Batch b = fresh.batch()) {
                    rows.forEach((k, v) -> b.put(Space.FILES, k.bytes(), v));
                    names.forEach((k, v) -> b.put(Space.NAMES, k.bytes(), v));
                    b.put(Space.META, Catalog.COUNTERS_KEY, counters);
                    b.commit();
                }
                for (FileRow f : files) {
                    try (Store.Batch b = fresh.batch()) {
                        for (int i = 0; i < f.games(); i++) {
                            int id = f.firstId() + i;
                            b.put(Space.GAMES, GameRow.key(id), games.get(id));
                            byte[] text = sources.get(new ByteKey(GameRow.key(id)));
                            if (text != null) {
                                b.put(Space.SOURCES, GameRow.key(id), text);
                            }
                        }
                        b.commit();
                    }
                    try (Store.View v = fresh.view(); Store.Batch b = fresh.batch()) {
                        b.put(Space.COLUMNS, GameColumns.key(f.firstId()), GameColumns.entryFromRecords(v, f));
                        SegmentIndexer.ofStored(v, f, hash, null).emit(b::put);
                        b.commit();
                    }
                    total += f.games();
                }
                if (!retired.isEmpty()) {
                    try (Store.Batch b = fresh.batch()) {
                        retired.forEach((id, v) -> b.put(Space.RETIRED, GameRow.key(id), v));
                        b.commit();
                    }
                }
                if (!solitaires.isEmpty()) {
                    try (Store.Batch b = fresh.batch()) {
                        solitaires.forEach((k, v) -> b.put(Space.SOLITAIRES, k.bytes(), v));
                        b.commit();
                    }
                }
                fresh.flush();
                Catalog c;
                try (Store.View v = fresh.view()) {
                    c = Catalog.load(v);
                }
                List<String> problems = new ArrayList<>();
                StoreVerifier.Report r = new StoreVerifier(fresh, c, hash).verify(false, problems::add);
                if (r.problems() > 0) {
                    throw Faults.of(ErrorCode.CORRUPT, dir + ": the store rebuilt from the records does not"
                            + " verify (" + String.join("; ", problems.subList(0, Math.min(3, problems.size())))
                            + "); the old store was left as it was, the rebuilt one is in " + scratch);
                }
            }
            return total;
        }
    }

    private static List<String> storeFiles(Path dir) {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (Files.isRegularFile(p) && StoreFolder.storeFile(n)) {
                    out.add(n);
                }
            }
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        Collections.sort(out);
        return out;
    }

    /**
     * Swaps the old store's files for the rebuilt one's: a mark first ({@link StoreFolder#REPAIRING},
     * naming the files and where the old ones go), then the old files into {@code lost+found/}, then
     * the new ones into the folder, then the mark removed. Each step is a rename; a kill between
     * two is finished by {@link #finishSwap}.
     */
    private static Path swap(Path dir, Path scratch) {
        Path folder = LostAndFound.newFolder(dir);
        StringBuilder mark = new StringBuilder("stage swap\nfolder ").append(dir.relativize(folder)).append('\n');
        for (String n : storeFiles(dir)) {
            mark.append("old ").append(n).append('\n');
        }
        for (String n : storeFiles(scratch)) {
            if (!n.equals("LOCK")) {
                mark.append("new ").append(n).append('\n');
            }
        }
        writeMark(dir, mark.toString());
        return finishSwap(dir);
    }

    private static void writeMark(Path dir, String text) {
        StoreState.writeAtomically(dir.resolve(StoreFolder.REPAIRING), text.getBytes(StandardCharsets.UTF_8));
    }

    /** Finishes a swap from its mark: old files aside, then new files in, then the mark and the empty scratch folder gone. */
    static Path finishSwap(Path dir) {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(StoreFolder.REPAIRING), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Faults.io(dir.resolve(StoreFolder.REPAIRING), e);
        }
        Path folder = null;
        boolean newsStarted = false;
        List<String> olds = new ArrayList<>();
        List<String> news = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("folder ")) {
                folder = dir.resolve(l.substring(7));
            } else if (l.startsWith("old ")) {
                olds.add(l.substring(4));
            } else if (l.startsWith("new ")) {
                news.add(l.substring(4));
            } else if (l.equals("news")) {
                newsStarted = true;
            }
        }
        if (folder == null) {
            throw Faults.of(ErrorCode.CORRUPT, dir + ": the mark of an interrupted repair ("
                    + StoreFolder.REPAIRING + ") does not read; the store's files were left as they are");
        }
        Path scratch = dir.resolve(SCRATCH);
        try {
            Files.createDirectories(folder);
            if (!newsStarted) {
                List<Path> move = new ArrayList<>();
                for (String n : olds) {
                    move.add(dir.resolve(n));
                }
                LostAndFound.moveInto(folder, move, "a file of the store a rebuild from its records replaced");
                writeMark(dir, String.join("\n", lines) + "\nnews\n");
            }
            for (String n : news) {
                Path from = scratch.resolve(n);
                if (Files.exists(from)) {
                    Files.move(from, dir.resolve(n), StandardCopyOption.ATOMIC_MOVE);
                }
            }
            StoreState.syncFolder(dir);
            Files.delete(dir.resolve(StoreFolder.REPAIRING));
            StoreState.syncFolder(dir);
            // the scratch folder was made by the rebuild: its own lock files and the folder go with it
            Files.deleteIfExists(scratch.resolve(RocksStore.LOCK_FILE));
            Files.deleteIfExists(scratch.resolve("LOCK"));
            try (DirectoryStream<Path> left = Files.newDirectoryStream(scratch)) {
                List<Path> rest = new ArrayList<>();
                left.forEach(rest::add);
                if (!rest.isEmpty()) {
                    LostAndFound.moveInto(folder, rest, "left in the rebuilt store's scratch folder after the swap");
                }
            }
            Files.deleteIfExists(scratch);
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        return folder;
    }
}
