package org.thordb.ingest;

import org.thordb.fault.Faults;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.PositionHash;
import org.thordb.index.SegmentIndexer;
import org.thordb.store.Catalog;
import org.thordb.store.NameKind;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.thordb.index.GameColumns;
import org.thordb.store.SolitaireRow;

/**
 * Imports WTHOR files into a store, one atomic batch a file: a crash leaves the store as it was
 * before the file, or with the whole file. Names files of a base go first; then each game file
 * becomes a segment, replacing an older release of its year, refused when it is older than the one
 * stored, skipped when it is the same.
 *
 * <p>Usage:
 * <pre>{@code
 * ImportReport r = new Importer(store, catalog, hash, committer, options, listener).run(List.of(Path.of("wthor")));
 * }</pre>
 */
public final class Importer {

    /**
     * How to import.
     *
     * @param strict refuse a whole file when one of its games is damaged
     * @param base the base name for every game file, or null to guess it from the file names
     * @param names names files (.JOU, .TRN) for every game file, or empty to find them beside
     * @param year the year of text-source games whose source gives no date (null: 0, unknown)
     * @param skipDuplicates leave out each text-source game whose whole move list (up to symmetry)
     *     the store or the file already holds, and count it; WTHOR files are kept whole
     * @param force import a release of a year older than the stored one (or as old with other bytes)
     *     on purpose: it replaces the stored one, which is kept as a retired release as any replaced one is
     */
    public record Options(boolean strict, String base, List<Path> names, Integer year, boolean skipDuplicates, boolean force) {
        /** Options for WTHOR files: no year for undated games, duplicates kept. */
        public Options(boolean strict, String base, List<Path> names) {
            this(strict, base, names, null, false, false);
        }

        /** Options without {@code force}: a release older than the stored one, or as old with other bytes, is refused. */
        public Options(boolean strict, String base, List<Path> names, Integer year, boolean skipDuplicates) {
            this(strict, base, names, year, skipDuplicates, false);
        }

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

        /** A game file was committed: its games are in the store, durably, from now on. */
        default void committed(java.nio.file.Path file, int games) {
        }
    }

    /** Commits a batch and publishes the catalog it leads to, atomically for readers. */
    @FunctionalInterface
    public interface Committer {
        /** Commits and returns the new catalog. */
        Catalog commit(Store.Batch batch);
    }

    private final Store store;
    private final boolean splitOpenings;
    private final PositionHash hash;
    private final Committer committer;
    private final Options options;
    private final Listener listener;
    private volatile Catalog catalog;
    /** Next game id, next segment, next base: allocated ahead of commits, written with each. */
    private int nextGame;
    private int nextSegment;
    private int nextBase;
    private final Map<String, Integer> newBases = new HashMap<>();

    private int files;
    private long games;
    private long newGames;
    private long replacedGames;
    private int skipped;
    private int refused;
    private long damaged;
    private int namesImported;
    private int namesKeptBack;
    private int gameFiles;
    private long skippedGames;
    private long duplicateGames;
    private long solitaires;
    /** What became of each file, in the order they were taken. */
    private final List<FileOutcome> outcomes = new ArrayList<>();
    /** The last line told the listener: the reason of a file refused without an exception. */
    private String lastLine;
    /** This run, as retired releases name the operation that replaced them ({@code thordb undo} restores the latest). */
    private final String operation = Instant.now().toString();

    /** An importer into a store whose catalog is {@code catalog}. */
    public Importer(Store store, Catalog catalog, PositionHash hash, Committer committer, Options options,
                    Listener listener) {
        this.store = store;
        this.catalog = catalog;
        this.hash = hash;
        try (Store.View v = store.view()) {
            this.splitOpenings = SegmentIndexer.splits(v);
        }
        this.committer = committer;
        this.options = options;
        this.listener = new Listener() {
            @Override
            public void line(String message) {
                lastLine = message;
                listener.line(message);
            }

            @Override
            public void total(long games) {
                listener.total(games);
            }

            @Override
            public void progress(long games) {
                listener.progress(games);
            }

            @Override
            public void committed(Path file, int games) {
                listener.committed(file, games);
            }
        };
        this.nextGame = catalog.nextGameId();
        this.nextSegment = catalog.nextSegment();
        this.nextBase = catalog.nextBase();
    }

    /** Imports files and folders (folders are searched for WTHOR files, not recursively into hidden ones). */
    public ImportReport run(List<Path> inputs) {
        ImportPlan plan = ImportPlan.of(inputs, options, listener);
        for (Map.Entry<Path, String> e : plan.names().entrySet()) {
            files++;
            Counts before = counts();
            ThorDbException error = null;
            try {
                importNames(e.getKey(), e.getValue(), plan.namedNames().contains(e.getKey()));
            } catch (ThorDbException ex) {
                refused++;
                listener.line(ex.getMessage());
                error = ex;
            }
            outcome(e.getKey(), before, error);
        }
        listener.total(plan.totalGames());
        importGames(plan.games());
        SourceImport sources = new SourceImport(this, store, options, listener);
        for (ImportPlan.SourceFile s : plan.sources()) {
            files++;
            Counts before = counts();
            ThorDbException error = null;
            try {
                if (s.refused() != null) {
                    throw s.refused();
                }
                SourceImport.Outcome o = sources.run(s.file(), s.base(), s.sha256());
                if (o == null) {
                    skipped++;
                } else {
                    games += o.games();
                    damaged += o.damaged();
                    skippedGames += o.skipped();
                    duplicateGames += o.duplicates();
                    if (o.replaced() > 0) {
                        replacedGames += o.games();
                    } else {
                        newGames += o.games();
                    }
                }
            } catch (ThorDbException ex) {
                refused++;
                skippedGames += sources.lastSkipped;
                duplicateGames += sources.lastDuplicates;
                listener.line(ex.getMessage());
                error = ex;
            }
            outcome(s.file(), before, error);
        }
        SolitaireImport solitaireImport = plan.solitaires().isEmpty() ? null : new SolitaireImport(this, store, listener);
        for (ImportPlan.GameFile f : plan.solitaires()) {
            files++;
            Counts before = counts();
            ThorDbException error = null;
            try {
                int n = solitaireImport.run(f.file(), f.base());
                if (n == 0) {
                    skipped++;
                }
                solitaires += n;
            } catch (ThorDbException ex) {
                refused++;
                listener.line(ex.getMessage());
                error = ex;
            }
            outcome(f.file(), before, error);
        }
        return new ImportReport(files, games, newGames, replacedGames, skipped, refused, damaged, namesImported,
                plan.passedOver(), plan.games().size() + plan.sources().size(), namesKeptBack, skippedGames,
                duplicateGames, solitaires, List.copyOf(outcomes));
    }

    /** The counters an outcome is told by: which of them a file moved. */
    private record Counts(int skipped, int refused, int keptBack, long games, long replaced, long solitaires) {
    }

    private Counts counts() {
        lastLine = null;
        return new Counts(skipped, refused, namesKeptBack, games, replacedGames, solitaires);
    }

    /** Records what became of a file from the counters it moved since {@code before}. */
    private void outcome(Path file, Counts before, ThorDbException error) {
        FileOutcome.Kind kind;
        if (refused > before.refused()) {
            kind = FileOutcome.Kind.REFUSED;
            if (error == null) {
                error = Faults.of(ErrorCode.BAD_FILE, lastLine != null ? lastLine : file + ": refused");
            }
        } else if (namesKeptBack > before.keptBack()) {
            kind = FileOutcome.Kind.KEPT_BACK;
        } else if (skipped > before.skipped()) {
            kind = FileOutcome.Kind.UNCHANGED;
        } else if (replacedGames > before.replaced() || lastLine != null && lastLine.startsWith(file + ": updated ")) {
            kind = FileOutcome.Kind.REPLACED;
        } else {
            kind = FileOutcome.Kind.IMPORTED;
        }
        outcomes.add(new FileOutcome(file, kind, games - before.games() + solitaires - before.solitaires(),
                kind == FileOutcome.Kind.REFUSED ? error : null));
    }

    /** A file's size in bytes. */
    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw Faults.io(file, e);
        }
    }

    static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            byte[] buf = new byte[1 << 16];
            while (in.read(buf) >= 0) {
                // digesting
            }
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw Faults.io(file, e);
        } catch (NoSuchAlgorithmException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
    }

    /** The id of a base: the stored one, or a new one allocated once per run. */
    synchronized int baseId(String name) {
        Catalog.Base b = catalog.base(name);
        if (b != null) {
            return b.id();
        }
        Integer id = newBases.get(name);
        if (id == null) {
            if (nextBase > 0xffff) {
                throw Faults.of(ErrorCode.STORE, "the store holds 65,536 bases already");
            }
            id = nextBase++;
            newBases.put(name, id);
        }
        return id;
    }

    /** Adds the base's name to a batch when the store does not hold it yet. */
    void putBaseIfNew(String name, int id, Store.Batch batch) {
        if (catalog.base(name) == null) {
            batch.put(Space.FILES, Catalog.baseKey(name), Keys.u16(id));
        }
    }

    /** Allocates a segment and {@code games} game ids: {segment, first id}. */
    synchronized int[] allocate(int games) {
        if (nextGame + (long) games > 0xffffffffL) {
            throw Faults.of(ErrorCode.STORE, "game ids are used up");
        }
        int[] out = {nextSegment++, nextGame};
        nextGame += games;
        return out;
    }

    synchronized byte[] counters() {
        return Catalog.counters(nextGame, nextSegment, nextBase);
    }

    /** The catalog as of the last commit of this run. */
    Catalog catalog() {
        return catalog;
    }

    /** The position hash the store was built with. */
    PositionHash hash() {
        return hash;
    }

    /** A new file's indexer, splitting its 10-move openings as the store does ({@code Catalog.SPLITS_KEY}). */
    SegmentIndexer indexer(int segment, int firstId, int base, int year) {
        return new SegmentIndexer(segment, firstId, base, year, hash).splitOpenings(splitOpenings);
    }

    /** Commits the one batch of a text source (every year of the file at once) or a solitaire file. */
    void commitBatch(Store.Batch batch, Path file, int games) {
        catalog = committer.commit(batch);
        listener.committed(file, games);
    }

    private void importNames(Path file, String baseName, boolean named) {
        String sha = sha256(file);
        NameList names = NameList.read(file);
        names.warnings().forEach(listener::line);
        NameKind kind = NameKind.of(names.kind());
        Catalog.Base existing = catalog.base(baseName);
        FileRow stored = existing == null ? null : catalog.namesFile(existing.id(), kind);
        int created = names.header().creationStamp();
        if (stored != null && stored.sha256().equals(sha)) {
            skipped++;
            listener.line(file + ": unchanged (already imported as " + stored.name() + ")");
            return;
        }
        if (stored != null && stored.created() > created && !named) {
            namesKeptBack++; // it came with a game file or a folder: the newer stored names stay, and that is no failure
            listener.line(file + ": kept back: names of " + stamp(created) + " are older than the stored ones of "
                    + stamp(stored.created()) + " (" + stored.name() + "), which stay");
            return;
        }
        if (stored != null && stored.created() > created) {
            refused++;
            listener.line(file + ": refused: names of " + stamp(created) + " are older than the stored ones of "
                    + stamp(stored.created()) + " (" + stored.name() + ")");
            return;
        }
        if (stored != null && stored.created() == created) {
            // as for game files: a newer release has a later date; the same date with other bytes is
            // another file altogether (taken as an update once, it merged players into one row)
            refused++;
            listener.line(file + ": refused: the stored names of base " + baseName + " (" + stored.name() + ") have the"
                    + " same creation date, " + stamp(created) + ", but other bytes; a newer release has a later date");
            return;
        }
        try (Store.Batch batch = store.batch()) {
            int base = baseId(baseName);
            putBaseIfNew(baseName, base, batch);
            byte[] prefix = Catalog.namesPrefix(base, kind);
            batch.deleteRange(Space.NAMES, prefix, Keys.prefixEnd(prefix));
            for (int i = 0; i < names.size(); i++) {
                batch.put(Space.NAMES, Catalog.nameKey(base, kind, i), names.records().get(i));
            }
            int renamed = existing == null ? 0 : keepRenames(existing, kind, names.names(), batch);
            FileRow row = new FileRow(base, names.kind().extension(), 0, file.getFileName().toString(),
                    HexFormat.of().formatHex(names.header().encode()), created, sha, Files.size(file), -1, 0,
                    names.size(), 0, Instant.now().toString());
            batch.put(Space.FILES, row.key(), Catalog.encode(row));
            batch.put(Space.META, Catalog.COUNTERS_KEY, counters());
            catalog = committer.commit(batch);
            namesImported++;
            listener.line(file + ": " + (stored == null ? "imported " : "updated ") + names.size()
                    + (kind == NameKind.PLAYERS ? " players" : " tournaments") + " of base " + baseName
                    + (renamed == 0 ? "" : "; " + renamed + " renamed, their old names kept as aliases"));
        } catch (IOException e) {
            throw Faults.io(file, e);
        }
    }

    /**
     * Keeps the old name of each number a names update renames as an alias of that number, so a
     * query by the old name still finds its games. Returns how many numbers were renamed.
     */
    private static int keepRenames(Catalog.Base base, NameKind kind, List<String> now, Store.Batch batch) {
        List<String> before = kind == NameKind.PLAYERS ? base.players() : base.tournaments();
        Map<Integer, List<String>> aliases = kind == NameKind.PLAYERS ? base.playerAliases() : base.tournamentAliases();
        int renamed = 0;
        for (int i = 0; i < Math.min(before.size(), now.size()); i++) {
            String old = before.get(i);
            if (old == null || old.isBlank() || old.equals(now.get(i))) {
                continue;
            }
            List<String> kept = aliases.getOrDefault(i, List.of());
            if (kept.contains(old)) {
                continue;
            }
            if (kept.size() >= Catalog.REGISTRY_RANK) {
                continue; // a rank is one byte, and the registry's aliases take the upper half
            }
            byte[] s = old.getBytes(StandardCharsets.ISO_8859_1);
            byte[] rec = new byte[Math.max(kind.wthorKind().recordSize(), s.length + 1)];
            System.arraycopy(s, 0, rec, 0, s.length);
            batch.put(Space.NAMES, Catalog.aliasKey(base.id(), kind, i, kept.size()), rec);
            renamed++;
        }
        return renamed;
    }

    private static String stamp(int yyyymmdd) {
        return String.format("%04d-%02d-%02d", yyyymmdd / 10000, yyyymmdd / 100 % 100, yyyymmdd % 100);
    }

    /** How many game files are read and indexed ahead of the one being committed. */
    private static final int AHEAD = 2;

    /**
     * Imports the game files: {@link #AHEAD} worker threads read, replay and index the next files
     * while this thread commits each in turn, so both cores work and each file stays one commit.
     */
    private void importGames(List<ImportPlan.GameFile> plan) {
        ExecutorService workers = Executors.newFixedThreadPool(AHEAD, r -> {
            Thread t = new Thread(r, "thordb-import");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Future<Prepared>> ahead = new ArrayDeque<>();
        int next = 0;
        try {
            while (next < plan.size() && ahead.size() < AHEAD) {
                ImportPlan.GameFile pl = plan.get(next++);
                ahead.add(workers.submit(() -> prepare(pl)));
            }
            while (!ahead.isEmpty()) {
                Prepared p = await(ahead.poll());
                if (next < plan.size()) {
                    ImportPlan.GameFile pl = plan.get(next++);
                    ahead.add(workers.submit(() -> prepare(pl)));
                }
                files++;
                Counts before = counts();
                ThorDbException error = null;
                try {
                    commit(p);
                } catch (ThorDbException ex) {
                    refused++;
                    listener.line(ex.getMessage());
                    error = ex;
                }
                outcome(p.plan.file(), before, error);
            }
        } finally {
            for (Future<Prepared> f : ahead) {
                f.cancel(false);
                try {
                    f.get().close();
                } catch (InterruptedException | ExecutionException | CancellationException e) {
                    // dropped with the run
                }
            }
            workers.shutdownNow();
        }
    }

    private static Prepared await(Future<Prepared> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Faults.of(ErrorCode.IO, "the import was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw Faults.of(ErrorCode.STORE, String.valueOf(e.getCause()), e.getCause());
        }
    }

    /**
     * A game file read, replayed and indexed into its own batch, ready to commit; or a decision
     * not to import it (skipped as unchanged, or refused).
     */
    private static final class Prepared implements AutoCloseable {
        ImportPlan.GameFile plan;
        String sha;
        long size;
        int side;
        int year;
        int created;
        String headerHex;
        int records;
        int base;
        int segment;
        int firstId;
        int damaged;
        Integer fingerprintBits;
        /** What the file's theoretical scores are ({@link FileRow#KNOWN}…), and at what depth. */
        String theoretical;
        int theoreticalDepth;
        List<String> problems = new ArrayList<>();
        Store.Batch batch;
        String skipped;
        ThorDbException refused;

        @Override
        public void close() {
            if (batch != null) {
                batch.close();
                batch = null;
            }
        }
    }

    /** Runs on a worker thread: everything about a game file that needs no commit before it. */
    private Prepared prepare(ImportPlan.GameFile pl) {
        Prepared p = new Prepared();
        p.plan = pl;
        Path file = pl.file();
        try {
            p.sha = sha256(file);
            p.size = Files.size(file);
            List<WthorGame> records = new ArrayList<>();
            WthorHeader header;
            try (WthorReader r = WthorReader.open(file, pl.kind())) {
                r.warnings().forEach(w -> p.problems.add(w));
                p.side = r.header().boardSide();
                p.year = r.header().gameYear();
                p.created = r.header().creationStamp();
                header = r.header();
                p.headerHex = HexFormat.of().formatHex(header.encode());
                if (r.recordCount() >= FingerprintBlock.MAX_GAMES) {
                    throw Faults.atOffset(ErrorCode.BAD_FILE, file, 4, "a file of " + r.recordCount()
                            + " games is larger than thordb imports at once (" + FingerprintBlock.MAX_GAMES + ")");
                }
                for (WthorGame g : r.games()) {
                    records.add(g);
                }
            }
            Integer named = yearOfName(file);
            if (named != null && named != p.year) {
                throw Faults.atOffset(ErrorCode.BAD_FILE, file, 10, "refused: its name says " + named
                        + " but its header says the games are of " + p.year + " (a file renamed by hand?); rename it"
                        + " WTH_" + p.year + "-style or check which year it holds");
            }
            p.records = records.size();
            p.theoretical = TheoreticalStatus.of(records, header.depth());
            p.theoreticalDepth = header.effectiveDepth();
            if (!p.theoretical.equals(FileRow.KNOWN)) {
                p.problems.add(file + ": " + TheoreticalStatus.describe(p.theoretical, records.size()));
            }
            p.base = baseId(pl.base());
            if (decide(p, catalog)) {
                listener.progress(records.size());
                return p;
            }
            int[] at = allocate(records.size());
            p.segment = at[0];
            p.firstId = at[1];
            Catalog.Base names = catalog.base(pl.base());
            SegmentIndexer ix = indexer(p.segment, p.firstId, p.base, p.year);
            String[] faults = new String[records.size()];
            long step = 0;
            for (int i = 0; i < records.size(); i++) {
                faults[i] = ix.add(records.get(i), namesProblem(records.get(i), names));
                if (++step == 4096) {
                    listener.progress(step);
                    step = 0;
                }
            }
            listener.progress(step);
            int[] bad = ix.damagedGames();
            p.damaged = bad.length;
            for (int i : bad) {
                p.problems.add(file + ": record " + i + ": " + faults[i]);
            }
            if (bad.length > 0 && options.strict()) {
                throw Faults.atRecord(ErrorCode.BAD_RECORD, file, bad[0], "refused (strict import): "
                        + faults[bad[0]] + (bad.length > 1 ? " (and " + (bad.length - 1) + " more damaged games)" : ""));
            }
            p.batch = store.batch();
            for (int i = 0; i < records.size(); i++) {
                GameRow row = new GameRow(p.firstId + i, p.base, p.side, p.year, i, p.segment, ix.validPlies(i),
                        records.get(i).bytes(), faults[i]);
                p.batch.put(Space.GAMES, GameRow.key(row.id()), row.encode());
            }
            p.batch.put(Space.COLUMNS, GameColumns.key(p.firstId), GameColumns.entry(p.side,
                    records.stream().map(WthorGame::bytes).toList()));
            ix.emit(p.batch::put);
            p.fingerprintBits = p.side == 8 ? ix.fingerprintBits() : null;
        } catch (ThorDbException e) {
            p.close();
            p.refused = e;
        } catch (IOException e) {
            p.close();
            p.refused = Faults.io(file, e);
        }
        return p;
    }

    /** The year a game file's name gives ({@code WTH_1990.wtb}: 1990), or null when it gives none. */
    static Integer yearOfName(Path file) {
        Matcher m = YEAR_IN_NAME.matcher(file.getFileName().toString());
        return m.matches() ? Integer.valueOf(m.group(1)) : null;
    }

    private static final Pattern YEAR_IN_NAME = Pattern.compile(
            "(?i).*[_-]((?:1[89]|2[0-9])[0-9]{2})\\.(wtb|wtd)");

    /**
     * Whether a file is not to be imported, given what the store holds: the same file (skipped), or
     * an older or same-dated other release of its year (refused unless {@code force}). Sets the reason on {@code p}.
     */
    private boolean decide(Prepared p, Catalog c) {
        FileRow stored = c.gameFile(p.base, p.side, p.year);
        if (stored == null || c.base(p.plan.base()) == null) {
            return false;
        }
        Path file = p.plan.file();
        if (stored.sha256().equals(p.sha)) {
            p.skipped = file + ": unchanged (year " + p.year + " of " + p.plan.base() + " already imported from "
                    + stored.name() + ")";
            return true;
        }
        if (options.force()) {
            return false; // on purpose: it replaces the stored one, which is kept as a retired release
        }
        if (stored.created() > p.created) {
            p.refused = Faults.of(ErrorCode.BAD_FILE, file + ": refused: this release of " + p.year
                    + " was made " + stamp(p.created) + ", older than the stored one of " + stamp(stored.created())
                    + " (" + stored.name() + "); --force imports it in its place");
            return true;
        }
        if (stored.created() == p.created) {
            p.refused = Faults.of(ErrorCode.BAD_FILE, file + ": refused: the stored release of " + p.year
                    + " (" + stored.name() + ") has the same creation date, " + stamp(p.created)
                    + ", but other bytes; a newer release has a later date (--force imports it in its place)");
            return true;
        }
        return false;
    }

    /** Runs on the importing thread, in file order: one atomic commit per file. */
    private void commit(Prepared p) {
        try (p) {
            p.problems.forEach(listener::line);
            if (p.skipped == null && p.refused == null) {
                decide(p, catalog); // an earlier file of this run may have stored the same year
            }
            if (p.skipped != null) {
                skipped++;
                listener.line(p.skipped);
                return;
            }
            if (p.refused != null) {
                throw p.refused;
            }
            Store.Batch batch = p.batch;
            FileRow stored = catalog.gameFile(p.base, p.side, p.year);
            if (stored != null) {
                retire(stored, p.plan.file().getFileName().toString(), batch);
            }
            putBaseIfNew(p.plan.base(), p.base, batch);
            // no locators: a game's id is its file's first id plus its record number (IndexReader.gameId)
            FileRow row = new FileRow(p.base, p.plan.kind().extension(), p.year, p.plan.file().getFileName().toString(),
                    p.headerHex, p.created, p.sha, p.size, p.segment, p.firstId, p.records, p.damaged,
                    Instant.now().toString()).withFingerprintBits(p.fingerprintBits)
                    .withTheoretical(p.theoretical, p.theoretical.equals(FileRow.KNOWN) ? p.theoreticalDepth : null);
            batch.put(Space.FILES, row.key(), Catalog.encode(row));
            batch.put(Space.META, Catalog.COUNTERS_KEY, counters());
            catalog = committer.commit(batch);
            listener.committed(p.plan.file(), p.records);
            games += p.records;
            damaged += p.damaged;
            if (stored != null) {
                replacedGames += p.records;
                long fewer = (long) stored.games() - p.records;
                listener.line(p.plan.file() + ": replaced year " + p.year + " of " + p.plan.base() + " ("
                        + stored.games() + " games of " + stamp(stored.created()) + ") with " + p.records
                        + " games of " + stamp(p.created) + (fewer > 0 ? String.format(Locale.ROOT,
                        ": %,d games fewer", fewer) : "") + "; the replaced release is kept ('thordb undo' restores it)");
            } else {
                newGames += p.records;
            }
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
     * Removes a base from the store in one atomic batch: its game files (games, locators, postings,
     * fingerprint blocks, file rows), its names and names-file rows, and its name. Game ids are not
     * reused. Returns {files removed, games removed}.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when the store holds no such base
     */
    public long[] removeBase(String name) {
        Catalog.Base b = catalog.base(name);
        if (b == null) {
            List<String> known = new ArrayList<>();
            catalog.bases().forEach(x -> known.add(x.name()));
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the store holds no base '" + Faults.quote(name)
                    + "'" + (known.isEmpty() ? " (it is empty)" : "; its bases: " + String.join(", ", known)));
        }
        long files = 0;
        long removed = 0;
        try (Store.Batch batch = store.batch()) {
            for (FileRow f : catalog.gameFiles()) {
                if (f.base() == b.id()) {
                    removeSegment(f, batch);
                    batch.deleteRange(Space.SOURCES, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()));
                    batch.delete(Space.FILES, f.key());
                    files++;
                    removed += f.games();
                }
            }
            for (Catalog.RetiredRelease r : catalog.retired()) {
                if (r.file().base() == b.id()) {
                    batch.deleteRange(Space.RETIRED, GameRow.key(r.file().firstId()),
                            GameRow.key(r.file().firstId() + r.file().games()));
                    batch.delete(Space.FILES, r.key());
                }
            }
            for (NameKind kind : NameKind.values()) {
                FileRow f = catalog.namesFile(b.id(), kind);
                if (f != null) {
                    batch.delete(Space.FILES, f.key());
                    files++;
                }
                byte[] prefix = Catalog.namesPrefix(b.id(), kind);
                batch.deleteRange(Space.NAMES, prefix, Keys.prefixEnd(prefix));
                byte[] aliases = Catalog.aliasPrefix(b.id(), kind);
                batch.deleteRange(Space.NAMES, aliases, Keys.prefixEnd(aliases));
            }
            byte[] registry = Catalog.registryPrefix(b.id());
            batch.deleteRange(Space.NAMES, registry, Keys.prefixEnd(registry));
            for (Catalog.SolitaireFile f : catalog.solitaireFiles()) {
                if (f.base() == b.id()) {
                    byte[] prefix = SolitaireRow.filePrefix(f.base(), f.empties());
                    batch.deleteRange(Space.SOLITAIRES, prefix, Keys.prefixEnd(prefix));
                    batch.delete(Space.FILES, f.key());
                    files++;
                }
            }
            batch.delete(Space.FILES, Catalog.registryFileKey(b.id()));
            for (byte[] k : IdentityLinks.ofBase(catalog, b.id())) {
                batch.delete(Space.FILES, k); // its players' links to other bases' go with it
            }
            batch.delete(Space.FILES, Catalog.baseKey(b.name()));
            catalog = committer.commit(batch);
        }
        return new long[] {files, removed};
    }

    /**
     * Retires a release that another replaces, in the replacing batch: its postings, blocks, columns
     * and locators deleted as {@link #removeSegment} does, its records moved into {@code RETIRED}
     * under their game ids, and its row kept as an {@code 'X'} row, until {@code thordb undo}
     * restores it or a prune deletes it.
     */
    void retire(FileRow old, String replacedBy, Store.Batch batch) {
        Releases.retireInto(store, hash, old, replacedBy, operation, batch);
    }

    /**
     * Deletes every entry of a stored segment: its games and locators by range, its postings and
     * fingerprint blocks by indexing its games again, which gives back exactly the keys it wrote.
     */
    void removeSegment(FileRow old, Store.Batch batch) {
        SegmentIndexer ix;
        try (Store.View v = store.view()) {
            ix = SegmentIndexer.ofStored(v, old, hash, null);
        }
        ix.emit((space, key, value) -> batch.delete(space, key));
        batch.deleteRange(Space.GAMES, GameRow.key(old.firstId()), GameRow.key(old.firstId() + old.games()));
        batch.delete(Space.COLUMNS, GameColumns.key(old.firstId()));
        byte[] loc = GameRow.locatorPrefix(old.base(), old.side(), old.year()); // those an older thordb wrote
        batch.deleteRange(Space.GAME_KEYS, loc, Keys.prefixEnd(loc));
    }
}
