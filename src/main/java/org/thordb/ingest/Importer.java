package org.thordb.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.PositionHash;
import org.thordb.index.SegmentIndexer;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.NameList;
import org.thordb.wthor.NamesLocator;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;

/**
 * Imports WTHOR files into a store, one atomic batch a file: a crash leaves the store as it was
 * before the file, or with the whole file. Names files of a base go first; then each game file
 * becomes a segment, replacing an older release of its year, refused when it is older than the one
 * stored, skipped when it is the same.
 *
 * <p>Usage:
 * <pre>{@code
 * ImportReport r = new Importer(store, hash, committer, options, listener).run(List.of(Path.of("wthor")));
 * }</pre>
 */
public final class Importer {

    /**
     * How to import.
     *
     * @param strict refuse a whole file when one of its games is damaged
     * @param base the base name for every game file, or null to guess it from the file names
     * @param names names files (.JOU, .TRN) for every game file, or empty to find them beside
     */
    public record Options(boolean strict, String base, List<Path> names) {
        /** The defaults: lenient, guessed bases, names found beside the game files. */
        public static Options defaults() {
            return new Options(false, null, List.of());
        }
    }

    /** Hears what an import does. */
    public interface Listener {
        /** A line worth telling the user: a damaged game, a refused or skipped file. */
        void line(String message);

        /** The number of games the game files hold, before any is imported. */
        default void total(long games) {
        }

        /** Games done since the last call. */
        default void progress(long games) {
        }
    }

    /** Commits a batch and publishes the catalog it leads to, atomically for readers. */
    @FunctionalInterface
    public interface Committer {
        /** Commits and returns the new catalog. */
        Catalog commit(Store.Batch batch);
    }

    private final Store store;
    private final PositionHash hash;
    private final Committer committer;
    private final Options options;
    private final Listener listener;
    private Catalog catalog;

    private int files;
    private long games;
    private long newGames;
    private long replacedGames;
    private int skipped;
    private int refused;
    private long damaged;
    private int namesImported;

    /** An importer into a store whose catalog is {@code catalog}. */
    public Importer(Store store, Catalog catalog, PositionHash hash, Committer committer, Options options,
                    Listener listener) {
        this.store = store;
        this.catalog = catalog;
        this.hash = hash;
        this.committer = committer;
        this.options = options;
        this.listener = listener;
    }

    /** A game file with the base and names files it belongs with. */
    private record Planned(Path file, WthorKind kind, String base, Path players, Path tournaments) {
    }

    /** Imports files and folders (folders are searched for WTHOR files, not recursively into hidden ones). */
    public ImportReport run(List<Path> inputs) {
        List<Path> all = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> s = Files.walk(in)) {
                    s.filter(Files::isRegularFile).filter(p -> WthorKind.ofOrNull(p) != null)
                            .filter(p -> !p.getFileName().toString().startsWith("."))
                            .map(p -> p.toAbsolutePath().normalize()).sorted().forEach(all::add);
                } catch (IOException e) {
                    throw ThorDbException.io(in, e);
                }
            } else if (Files.exists(in)) {
                all.add(in.toAbsolutePath().normalize());
            } else {
                throw new ThorDbException(ErrorCode.IO, in + ": no such file or folder");
            }
        }
        List<Planned> plan = new ArrayList<>();
        Map<Path, String> namesPlan = new LinkedHashMap<>(); // names file -> base
        for (Path p : all) {
            WthorKind k = WthorKind.ofOrNull(p);
            if (k == null) {
                listener.line(p + ": skipped: not a WTHOR file name");
                continue;
            }
            if (k == WthorKind.SOLITAIRES) {
                listener.line(p + ": skipped: solitaire files are not imported");
                continue;
            }
            if (k.isGames()) {
                Planned pl = plan(p, k);
                plan.add(pl);
                if (pl.players() != null) {
                    namesPlan.putIfAbsent(pl.players(), pl.base());
                }
                if (pl.tournaments() != null) {
                    namesPlan.putIfAbsent(pl.tournaments(), pl.base());
                }
                if (pl.players() == null || pl.tournaments() == null) {
                    listener.line(p + ": no " + (pl.players() == null ? ".JOU" : ".TRN")
                            + " names file found beside it: numbers of base " + pl.base() + " are kept unnamed");
                }
            }
        }
        for (Path p : all) { // names files given alone, with no game file beside them
            WthorKind k = WthorKind.ofOrNull(p);
            if (k != null && k.isNames() && !namesPlan.containsKey(p)) {
                namesPlan.put(p, options.base() != null ? options.base().toUpperCase(Locale.ROOT) : baseOfNames(p));
            }
        }
        for (Path given : options.names()) {
            Path p = given.toAbsolutePath().normalize();
            if (!namesPlan.containsKey(p)) {
                namesPlan.put(p, options.base() != null ? options.base().toUpperCase(Locale.ROOT) : baseOfNames(p));
            }
        }
        long total = 0;
        for (Planned pl : plan) {
            try {
                long size = Files.size(pl.file());
                total += Math.max(0, (size - 16) / pl.kind().recordSize());
            } catch (IOException e) {
                // reported when the file is read
            }
        }
        listener.total(total);
        for (Map.Entry<Path, String> e : namesPlan.entrySet()) {
            files++;
            try {
                importNames(e.getKey(), e.getValue());
            } catch (ThorDbException ex) {
                refused++;
                listener.line(ex.getMessage());
            }
        }
        plan.sort((a, b) -> a.file().getFileName().toString().compareTo(b.file().getFileName().toString()));
        for (Planned pl : plan) {
            files++;
            try {
                importGames(pl);
            } catch (ThorDbException ex) {
                refused++;
                listener.line(ex.getMessage());
            }
        }
        return new ImportReport(files, games, newGames, replacedGames, skipped, refused, damaged, namesImported);
    }

    private Planned plan(Path file, WthorKind kind) {
        Path players = null;
        Path tournaments = null;
        for (Path n : options.names()) {
            if (WthorKind.ofOrNull(n) == WthorKind.PLAYERS) {
                players = n.toAbsolutePath().normalize();
            } else if (WthorKind.ofOrNull(n) == WthorKind.TOURNAMENTS) {
                tournaments = n.toAbsolutePath().normalize();
            }
        }
        if (options.names().isEmpty()) {
            players = normalized(NamesLocator.find(file, WthorKind.PLAYERS));
            tournaments = normalized(NamesLocator.find(file, WthorKind.TOURNAMENTS));
        }
        String base;
        if (options.base() != null) {
            base = options.base().toUpperCase(Locale.ROOT);
        } else if (players != null) {
            base = baseOfNames(players);
        } else if (tournaments != null) {
            base = baseOfNames(tournaments);
        } else {
            base = NamesLocator.baseOf(file);
        }
        return new Planned(file, kind, base, players, tournaments);
    }

    private static Path normalized(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize();
    }

    /** The base a names file names: its stem in upper case, WTH being the FFO's WTHOR. */
    static String baseOfNames(Path names) {
        String n = names.getFileName().toString();
        String stem = n.substring(0, n.lastIndexOf('.')).toUpperCase(Locale.ROOT);
        return stem.equals("WTH") ? "WTHOR" : stem;
    }

    private static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            byte[] buf = new byte[1 << 16];
            while (in.read(buf) >= 0) {
                // digesting
            }
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw ThorDbException.io(file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The id of a base, adding it to the batch (and the counters) when new. */
    private int baseId(String name, Store.Batch batch, int[] counters) {
        Catalog.Base b = catalog.base(name);
        if (b != null) {
            return b.id();
        }
        int id = counters[2]++;
        if (id > 0xffff) {
            throw new ThorDbException(ErrorCode.STORE, "the store holds 65,536 bases already");
        }
        batch.put(Space.FILES, Catalog.baseKey(name), Keys.u16(id));
        return id;
    }

    private int[] counters() {
        return new int[] {catalog.nextGameId(), catalog.nextSegment(), catalog.nextBase()};
    }

    private void importNames(Path file, String baseName) {
        String sha = sha256(file);
        NameList names = NameList.read(file);
        names.warnings().forEach(listener::line);
        char kind = names.kind() == WthorKind.PLAYERS ? 'P' : 'T';
        Catalog.Base existing = catalog.base(baseName);
        FileRow stored = existing == null ? null : catalog.namesFile(existing.id(), kind);
        int created = names.header().creationStamp();
        if (stored != null && stored.sha256().equals(sha)) {
            skipped++;
            listener.line(file + ": unchanged (already imported as " + stored.name() + ")");
            return;
        }
        if (stored != null && stored.created() > created) {
            refused++;
            listener.line(file + ": refused: names of " + stamp(created) + " are older than the stored ones of "
                    + stamp(stored.created()) + " (" + stored.name() + ")");
            return;
        }
        try (Store.Batch batch = store.batch()) {
            int[] counters = counters();
            int base = baseId(baseName, batch, counters);
            byte[] prefix = Catalog.namesPrefix(base, kind);
            batch.deleteRange(Space.NAMES, prefix, Keys.prefixEnd(prefix));
            for (int i = 0; i < names.size(); i++) {
                batch.put(Space.NAMES, Catalog.nameKey(base, kind, i), names.records().get(i));
            }
            FileRow row = new FileRow(base, names.kind().extension(), 0, file.getFileName().toString(),
                    HexFormat.of().formatHex(names.header().encode()), created, sha, Files.size(file), -1, 0,
                    names.size(), 0, Instant.now().toString());
            batch.put(Space.FILES, row.key(), Catalog.encode(row));
            batch.put(Space.META, Catalog.COUNTERS_KEY, Catalog.counters(counters[0], counters[1], counters[2]));
            catalog = committer.commit(batch);
            namesImported++;
            listener.line(file + ": " + (stored == null ? "imported " : "updated ") + names.size()
                    + (kind == 'P' ? " players" : " tournaments") + " of base " + baseName);
        } catch (IOException e) {
            throw ThorDbException.io(file, e);
        }
    }

    private static String stamp(int yyyymmdd) {
        return String.format("%04d-%02d-%02d", yyyymmdd / 10000, yyyymmdd / 100 % 100, yyyymmdd % 100);
    }

    private void importGames(Planned pl) {
        Path file = pl.file();
        String sha = sha256(file);
        List<WthorGame> records = new ArrayList<>();
        int side;
        int year;
        int created;
        String headerHex;
        try (WthorReader r = WthorReader.open(file, pl.kind())) {
            r.warnings().forEach(listener::line);
            side = r.header().boardSide();
            year = r.header().gameYear();
            created = r.header().creationStamp();
            headerHex = HexFormat.of().formatHex(r.header().encode());
            if (r.recordCount() >= org.thordb.index.FingerprintBlock.MAX_GAMES) {
                throw ThorDbException.atOffset(ErrorCode.BAD_FILE, file, 4, "a file of " + r.recordCount()
                        + " games is larger than thordb imports at once (" + org.thordb.index.FingerprintBlock.MAX_GAMES + ")");
            }
            for (WthorGame g : r.games()) {
                records.add(g);
            }
        }
        Catalog.Base existing = catalog.base(pl.base());
        FileRow stored = existing == null ? null : catalog.gameFile(existing.id(), side, year);
        if (stored != null && stored.sha256().equals(sha)) {
            skipped++;
            listener.progress(records.size());
            listener.line(file + ": unchanged (year " + year + " of " + pl.base() + " already imported from "
                    + stored.name() + ")");
            return;
        }
        if (stored != null && stored.created() > created) {
            listener.progress(records.size());
            throw ThorDbException.atOffset(ErrorCode.BAD_FILE, file, 0, "refused: this release of " + year
                    + " was made " + stamp(created) + ", older than the stored one of " + stamp(stored.created())
                    + " (" + stored.name() + ")");
        }
        if (stored != null && stored.created() == created) {
            listener.progress(records.size());
            throw ThorDbException.atOffset(ErrorCode.BAD_FILE, file, 0, "refused: the stored release of " + year
                    + " (" + stored.name() + ") has the same creation date, " + stamp(created)
                    + ", but other bytes; a newer release has a later date");
        }
        try (Store.Batch batch = store.batch()) {
            int[] counters = counters();
            int base = baseId(pl.base(), batch, counters);
            Catalog.Base names = catalog.base(pl.base());
            int segment = counters[1]++;
            int firstId = counters[0];
            if (firstId + (long) records.size() > 0xffffffffL) {
                throw new ThorDbException(ErrorCode.STORE, "game ids are used up");
            }
            counters[0] += records.size();
            if (stored != null) {
                removeSegment(stored, batch);
            }
            SegmentIndexer ix = new SegmentIndexer(segment, firstId, base, year, records.size(), hash);
            List<String> problems = new ArrayList<>();
            long step = 0;
            for (int i = 0; i < records.size(); i++) {
                WthorGame g = records.get(i);
                String fault = ix.add(g, namesProblem(g, names));
                problems.add(fault);
                if (fault != null) {
                    listener.line(file + ": record " + i + ": " + fault);
                }
                if (++step == 4096) {
                    listener.progress(step);
                    step = 0;
                }
            }
            listener.progress(step);
            int bad = ix.damagedGames().length;
            if (bad > 0 && options.strict()) {
                int first = ix.damagedGames()[0];
                throw ThorDbException.atRecord(ErrorCode.BAD_RECORD, file, first, "refused (--strict): "
                        + problems.get(first) + (bad > 1 ? " (and " + (bad - 1) + " more damaged games)" : ""));
            }
            for (int i = 0; i < records.size(); i++) {
                GameRow row = new GameRow(firstId + i, base, side, year, i, segment, ix.validPlies(i),
                        records.get(i).bytes(), problems.get(i));
                batch.put(Space.GAMES, GameRow.key(row.id()), row.encode());
                batch.put(Space.GAME_KEYS, GameRow.locator(base, side, year, i), Keys.u32(row.id()));
            }
            ix.emit(batch::put);
            FileRow row = new FileRow(base, pl.kind().extension(), year, file.getFileName().toString(), headerHex,
                    created, sha, Files.size(file), segment, firstId, records.size(), bad, Instant.now().toString());
            batch.put(Space.FILES, row.key(), Catalog.encode(row));
            batch.put(Space.META, Catalog.COUNTERS_KEY, Catalog.counters(counters[0], counters[1], counters[2]));
            catalog = committer.commit(batch);
            games += records.size();
            damaged += bad;
            if (stored != null) {
                replacedGames += records.size();
                listener.line(file + ": replaced year " + year + " of " + pl.base() + " (" + stored.games()
                        + " games of " + stamp(stored.created()) + ") with " + records.size() + " games of "
                        + stamp(created));
            } else {
                newGames += records.size();
            }
        } catch (IOException e) {
            throw ThorDbException.io(file, e);
        }
    }

    /** An unknown player or tournament number, when the base has names to check against. */
    private static String namesProblem(WthorGame g, Catalog.Base names) {
        if (names == null) {
            return null;
        }
        if (!names.players().isEmpty()) {
            if (names.player(g.black()) == null) {
                return "unknown black player number " + g.black() + " (the names file has " + names.players().size() + ")";
            }
            if (names.player(g.white()) == null) {
                return "unknown white player number " + g.white() + " (the names file has " + names.players().size() + ")";
            }
        }
        if (!names.tournaments().isEmpty() && names.tournament(g.tournament()) == null) {
            return "unknown tournament number " + g.tournament() + " (the names file has "
                    + names.tournaments().size() + ")";
        }
        return null;
    }

    /**
     * Deletes every entry of a stored segment: its games and locators by range, its postings and
     * fingerprint blocks by indexing its games again, which gives back exactly the keys it wrote.
     */
    private void removeSegment(FileRow old, Store.Batch batch) {
        SegmentIndexer ix = new SegmentIndexer(old.segment(), old.firstId(), old.base(), old.year(), old.games(), hash);
        try (Store.View v = store.view()) {
            Map<Integer, GameRow> rows = new TreeMap<>();
            v.scan(Space.GAMES, GameRow.key(old.firstId()), GameRow.key(old.firstId() + old.games()), (k, val) -> {
                int id = Keys.getU32(k, 0);
                rows.put(id, GameRow.decode(id, val));
                return true;
            });
            for (GameRow r : rows.values()) {
                ix.add(new WthorGame(r.raw(), r.side()), r.damage());
            }
        }
        ix.emit((space, key, value) -> batch.delete(space, key));
        batch.deleteRange(Space.GAMES, GameRow.key(old.firstId()), GameRow.key(old.firstId() + old.games()));
        byte[] loc = GameRow.locatorPrefix(old.base(), old.side(), old.year());
        batch.deleteRange(Space.GAME_KEYS, loc, Keys.prefixEnd(loc));
    }
}
