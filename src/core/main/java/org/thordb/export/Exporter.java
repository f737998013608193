package org.thordb.export;

import org.thordb.query.Filter;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.store.Catalog;
import org.thordb.store.NameKind;
import org.thordb.store.FileRow;
import org.thordb.text.GameResult;
import org.thordb.text.TextGameRecord;
import org.thordb.text.TextGameRecords;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;
import java.io.FilterWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;
import org.roaringbitmap.IntIterator;
import org.thordb.index.Duplicates;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Side;
import org.thordb.solve.Solver;
import org.thordb.store.Identities;
import org.thordb.store.StoreState;
import org.thordb.text.PgnReader;
import org.thordb.text.SourceReader;
import org.thordb.wthor.TempFiles;

/**
 * Writes the games of a query to a folder: WTHOR files (one per year, with the names files),
 * text records, PGN, CSV or JSON lines. Games of one base keep their player and tournament numbers
 * and names files, so whole untouched years come back identical to the imported files but for the
 * 4 creation-date bytes; games of several bases get merged, renumbered names files.
 *
 * <p>Files are written under a temporary name and moved into place. An existing file is replaced
 * only with {@code force}, and never by an older one (a WTHOR file whose header is dated after
 * today); nothing is written outside the folder or through a link.
 *
 * <p>Usage: {@code List<Path> written = new Exporter(db, out, Exporter.Format.WTHOR, false, LocalDate.now()).export("year = 2015");}
 */
public final class Exporter {

    /** The formats. */
    public enum Format { WTHOR, TEXT, PGN, CSV, JSONL, GGF }

    private final Engine db;
    private final Path out;
    private final Format format;
    private final boolean force;
    private final LocalDate today;
    private Integer theoreticalDepth;
    private Consumer<String> notes = m -> { };
    private LongConsumer solved = n -> { };

    /**
     * WTHOR output only: each game's theoretical score solved again at {@code depth} empties (Black's
     * discs after perfect play from the game's position with that many empties; a game that stops
     * before, from its last position), and {@code depth} written into each file's P3.
     */
    public Exporter withTheoreticalDepth(int depth) {
        if (depth < 0 || depth > 60) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "--theoretical takes 0 to 60 empties, not " + depth);
        }
        this.theoreticalDepth = depth;
        return this;
    }

    /**
     * What a WTHOR export writes for a game whose theoretical score is unknown: other programs read
     * the byte as a perfect-play score, so none is written as if it were one unless asked.
     */
    public enum UnknownTheoretical {
        /**
         * Solved at the file's depth (the depth its known games share, else its header's, else 24,
         * the FFO's practice) when the export's unknown games can be solved in about a minute
         * ({@link #SOLVE_SECONDS}); else the export is refused, with the command that fills the store first.
         */
        SOLVE,
        /** Written as 0 (the file's depth byte as set), and said. */
        ZERO,
        /** Written as the game's final score (as PlayOK's files do), and said. */
        SCORE
    }

    /** The depth the FFO computes its files' theoretical scores at (their header's P3). */
    public static final int FFO_DEPTH = 24;

    /** The solving an export takes on by default, in seconds (at the rates of {@link #gamesPerSecond}). */
    public static final double SOLVE_SECONDS = 60;

    /**
     * About how many games a second the exact solver settles at {@code depth} empties on two cores:
     * measured 4.1 at 22 and 830 at 14 (docs/performance.md), about 1.94 times fewer a move deeper.
     * A count, not a clock, decides whether an export solves: the same export does the same thing on
     * every machine and at every load.
     */
    public static double gamesPerSecond(int depth) {
        return Math.min(5_000, 4.1 * Math.pow(1.94, 22 - depth));
    }

    private UnknownTheoretical unknownTheoretical = UnknownTheoretical.SOLVE;
    private boolean sourceNames;

    /**
     * One-file formats: each player as the source names them, not by the player's preferred name
     * (the default, {@code Identities}: one player under one name, whatever base
     * its games came from). A WTHOR export always writes a base's own names files, byte for byte.
     */
    public Exporter withSourceNames() {
        this.sourceNames = true;
        return this;
    }

    /** A game with each player under the preferred name (the source's name when it has no other). */
    private static StoredGame preferred(StoredGame g, Catalog c) {
        Catalog.Base b = c.base(g.base());
        if (b == null) {
            return g;
        }
        String black = c.identities().preferredName(b.id(), g.record68().black());
        String white = c.identities().preferredName(b.id(), g.record68().white());
        black = black == null ? g.black() : black;
        white = white == null ? g.white() : white;
        if (black.equals(g.black()) && white.equals(g.white())) {
            return g;
        }
        return new StoredGame(g.id(), g.base(), g.year(), g.record(), black, white, g.tournament(), g.record68(), g.damage(),
                g.theoreticalKnown(), g.theoreticalDepth(), g.importedTheoretical());
    }

    /** The games as a one-file format writes them: players under their preferred names unless {@link #withSourceNames}. */
    private Iterable<StoredGame> named(Iterable<StoredGame> games, Catalog c) {
        return sourceNames ? games : mapped(games, g -> preferred(g, c));
    }

    /** The games, each passed through {@code f} as it is handed out. */
    private static Iterable<StoredGame> mapped(Iterable<StoredGame> games, UnaryOperator<StoredGame> f) {
        return () -> new Iterator<>() {
            private final Iterator<StoredGame> it = games.iterator();

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public StoredGame next() {
                return f.apply(it.next());
            }
        };
    }

    /** What a WTHOR export writes for unknown theoretical scores (default {@link UnknownTheoretical#SOLVE}). */
    public Exporter withUnknownTheoretical(UnknownTheoretical how) {
        this.unknownTheoretical = Objects.requireNonNull(how);
        return this;
    }

    /** Where the exporter says what a user should know (games that lack a theoretical score), a line each. */
    public Exporter withNotes(Consumer<String> notes) {
        this.notes = notes;
        return this;
    }

    /** Told of each game whose theoretical score was solved, for a progress bar. */
    public Exporter withProgress(LongConsumer solved) {
        this.solved = solved;
        return this;
    }

    /** Told how many games the export will solve, before the first is (for a progress bar's length). */
    public Exporter withSolving(LongConsumer total) {
        this.solving = total;
        return this;
    }

    private LongConsumer solving = n -> { };

    /** Told how an export goes: {@code work} ("export": games written), {@code done} of {@code total}. */
    @FunctionalInterface
    public interface Written {
        /** Where the export stands. */
        void update(String work, long done, long total);
    }

    private Written written = (work, done, total) -> { };
    private long writing = -1;

    /** Told of the games written, every 256 and at the end, with the games to write. */
    public Exporter withWritten(Written written) {
        this.written = Objects.requireNonNull(written);
        return this;
    }

    /** An exporter into the folder {@code out} (created when missing), dating WTHOR headers {@code today}. */
    public Exporter(Engine db, Path out, Format format, boolean force, LocalDate today) {
        this.db = db;
        this.out = out;
        this.format = format;
        this.force = force;
        this.today = today;
    }

    /**
     * What an export wrote.
     *
     * @param games the games written
     * @param files the files written (for WTHOR, the names files too)
     */
    public record Summary(long games, List<Path> files) {
        /** {@code exported 29 games into 3 files in DIR}. */
        public String describe(String where) {
            return "exported " + games + (games == 1 ? " game" : " games") + " into " + files.size()
                    + (files.size() == 1 ? " file" : " files") + " in " + where;
        }
    }

    /** Exports at most {@code limit} games (the first in id order; 0: every game). */
    public Exporter withLimit(long limit) {
        if (limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every game) or more, not " + limit);
        }
        this.limit = limit;
        return this;
    }

    private long limit;
    private long gamesWritten;
    private boolean positions;
    private long rowsWritten;
    private LinkedHashMap<String, Double> split;
    private long seed;

    /**
     * Writes one row a move played ({@link PositionRows}) instead of one a game: JSON lines or CSV
     * only, in {@code positions.jsonl} or {@code positions.csv}.
     */
    public Exporter withPositions() {
        if (format != Format.JSONL && format != Format.CSV) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "positions are written as jsonl or csv, not " + format.name().toLowerCase(Locale.ROOT));
        }
        this.positions = true;
        return this;
    }

    /** The rows the last position export wrote. */
    public long rowsWritten() {
        return rowsWritten;
    }

    /**
     * Splits the games into parts ({@code train=0.9,valid=0.1}), a file each
     * ({@code games-train.jsonl}…): a game goes to the part its duplicate group (the same whole
     * game up to symmetry; a game alone is a group of one) draws with {@code seed}, so no game and
     * its copies are ever in two parts. One-file formats only.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a spec whose parts are not
     *     names with fractions above 0 that add up to 1
     */
    public Exporter withSplit(String spec, long seed) {
        if (format == Format.WTHOR) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a split writes one-file formats (text, pgn, csv, jsonl), not wthor");
        }
        LinkedHashMap<String, Double> parts = new LinkedHashMap<>();
        double sum = 0;
        for (String part : String.valueOf(spec).split(",")) {
            String[] kv = part.strip().split("=");
            if (kv.length != 2 || !kv[0].strip().matches("[a-z0-9_]{1,20}")) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a split is name=fraction parts, such as"
                        + " train=0.9,valid=0.1, not '" + Faults.quote(String.valueOf(spec)) + "'");
            }
            double f;
            try {
                f = Double.parseDouble(kv[1].strip());
            } catch (NumberFormatException e) {
                f = -1;
            }
            if (!(f > 0) || f > 1 || parts.put(kv[0].strip(), f) != null) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "split part '" + Faults.quote(part.strip())
                        + "': each name once, with a fraction above 0 and at most 1");
            }
            sum += f;
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the split's fractions add up to " + sum + ", not 1");
        }
        this.split = parts;
        this.seed = seed;
        return this;
    }

    /** Exports the games of a query (every game when it is null or blank); returns the files written. */
    public List<Path> export(String query) {
        return exportAll(query).files();
    }

    /**
     * Exports the games of a query (every game when it is null or blank) and says how many games
     * and files it wrote. A folder the export made is removed again when the export fails before
     * writing into it.
     */
    public Summary exportAll(String query) {
        return exportAll(Filter.parse(query));
    }

    /** {@link #exportAll(String)} of a filter's games. */
    public Summary exportAll(Filter q) {
        refuseInsideStore(out, db.path());
        boolean made = !Files.exists(out, LinkOption.NOFOLLOW_LINKS);
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw Faults.io(out, e);
        }
        if (Files.isSymbolicLink(out)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, out + ": the export folder is a link; give the folder itself");
        }
        gamesWritten = 0;
        // every file is written into a hidden folder first and moved into place only when all are
        // whole: an export that fails (a full disk, a damaged record) leaves none of its files
        try {
            staging = Files.createTempDirectory(out, ".thordb-export-");
        } catch (IOException e) {
            throw Faults.io(out, e);
        }
        try (MatchedGames r = db.query(q)) {
            RoaringBitmap ids = selected(r);
            writing = ids.getLongCardinality();
            written.update("export", 0, writing);
            if (format == Format.WTHOR) {
                List<Path> files = publish(wthor(r, ids)); // first: it counts the games written
                written.update("export", gamesWritten, gamesWritten);
                return new Summary(gamesWritten, files);
            }
            String stem = positions ? "positions" : "games";
            String ext = switch (format) {
                case TEXT -> ".txt";
                case PGN -> ".pgn";
                case CSV -> ".csv";
                case GGF -> ".ggf";
                default -> ".jsonl";
            };
            Body body = body();
            rowsWritten = 0;
            List<Path> files = new ArrayList<>();
            if (split == null) {
                files.addAll(single(stem + ext, named(r.games(ids), r.catalog()), body));
            } else {
                Map<String, RoaringBitmap> parts = splitIds(ids);
                for (Map.Entry<String, RoaringBitmap> e : parts.entrySet()) {
                    files.addAll(single(stem + "-" + e.getKey() + ext, named(r.games(e.getValue()), r.catalog()), body));
                }
            }
            List<Path> published = publish(files);
            written.update("export", gamesWritten, gamesWritten);
            return new Summary(gamesWritten, published);
        } catch (RuntimeException e) {
            dropStaging();
            if (made) {
                try (var left = Files.list(out)) {
                    if (left.findAny().isEmpty()) {
                        Files.delete(out); // a failed export leaves no empty folder behind
                    }
                } catch (IOException ignored) {
                    // the first failure is the one to report
                }
            }
            throw e;
        } finally {
            dropStaging();
        }
    }

    /** The hidden folder inside {@link #out} an export writes its files into before it moves them into place. */
    private Path staging;

    /** Removes the staging folder and what is left in it: every file there was written by this export. */
    private void dropStaging() {
        if (staging == null) {
            return;
        }
        try (var s = Files.list(staging)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(staging);
        } catch (IOException ignored) {
            // a hidden folder of the export's own; the first failure is the one reported
        }
        staging = null;
    }

    /**
     * Moves the staged files into place, all or none: a file they replace (with force) is renamed
     * aside first and put back if a later move fails; once every file is in place those are removed.
     */
    private List<Path> publish(List<Path> staged) {
        List<Path> placed = new ArrayList<>();
        List<Path[]> replaced = new ArrayList<>(); // {target, its old file renamed aside}
        try {
            for (Path p : staged) {
                Path t = out.resolve(p.getFileName().toString());
                if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
                    Path aside = TempFiles.beside(t);
                    Files.move(t, aside, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    replaced.add(new Path[] {t, aside});
                }
                Files.move(p, t, StandardCopyOption.ATOMIC_MOVE);
                placed.add(t);
            }
        } catch (IOException e) {
            for (Path t : placed) {
                try {
                    Files.deleteIfExists(t); // this export's own file
                } catch (IOException ignored) {
                    // reported below
                }
            }
            for (Path[] r : replaced) {
                try {
                    Files.move(r[1], r[0], StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException ignored) {
                    // left under its hidden name beside
                }
            }
            throw Faults.of(ErrorCode.IO, out + ": moving the export's files into place failed (" + e.getMessage()
                    + "); none of them was kept, and the files they were to replace are back", e);
        }
        for (Path[] r : replaced) {
            try {
                Files.deleteIfExists(r[1]); // replaced on request (--force), now that every new file is in place
            } catch (IOException ignored) {
                // a hidden leftover
            }
        }
        return placed;
    }

    /**
     * Refuses an export into a store's folder (or into a folder inside one): the store's files are
     * RocksDB's, and a file written among them could be taken for one of its own.
     */
    public static void refuseInsideStore(Path out, Path store) {
        Path o = out.toAbsolutePath().normalize();
        Path st = store == null ? null : store.toAbsolutePath().normalize();
        for (Path p = o; p != null; p = p.getParent()) {
            if (p.equals(st) || Files.isRegularFile(p.resolve(StoreState.FILE))
                    || Files.isRegularFile(p.resolve("CURRENT")) && Files.isRegularFile(p.resolve("IDENTITY"))) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, out + ": is inside the store folder " + p
                        + "; an export goes outside any store");
            }
        }
    }

    /**
     * Writes the games of a query in a one-file format (text, PGN, CSV, JSON lines) to a stream,
     * which stays open; returns the number of games written.
     */
    public long exportTo(String query, Writer stream) {
        return exportTo(Filter.parse(query), stream);
    }

    /** {@link #exportTo(String, Writer)} of a filter's games. */
    public long exportTo(Filter query, Writer stream) {
        if (format == Format.WTHOR) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT,
                    "a WTHOR export is several files (a year each, and the names files): give a folder, not -");
        }
        if (split != null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a split writes a file a part: give a folder, not -");
        }
        Body body = body();
        rowsWritten = 0;
        gamesWritten = 0;
        try (MatchedGames r = db.query(query)) {
            BufferedWriter w = new BufferedWriter(new FilterWriter(stream) {
                @Override
                public void close() throws IOException {
                    flush(); // the stream is the caller's to close
                }
            });
            long total = selected(r).getLongCardinality();
            try {
                body.write(counted(named(r.games(selected(r)), r.catalog())), w);
                w.flush();
            } catch (ThorDbException e) {
                if (e.code() != ErrorCode.IO) {
                    throw e;
                }
                throw stopped(e, total);
            } catch (UncheckedIOException e) { // a stream that says its failures unchecked, through the writers above it
                throw stopped(e, total);
            }
            if (stream instanceof PrintWriter pw && pw.checkError()) {
                throw Faults.of(ErrorCode.IO, "the export's output failed (its writer reports an error):"
                        + " what was written is not whole");
            }
        } catch (IOException e) {
            throw Faults.of(ErrorCode.IO, "writing the export: " + e.getMessage(), e);
        }
        return gamesWritten;
    }

    /** A stream's failure, with how far the export got: what was written is not whole. */
    private ThorDbException stopped(RuntimeException e, long total) {
        return Faults.of(ErrorCode.IO, e.getMessage() + "; the export stopped at game " + gamesWritten
                + " of " + total + ": what was written is not whole", e);
    }

    private RoaringBitmap selected(MatchedGames r) {
        RoaringBitmap ids = r.ids();
        return limit > 0 && ids.getLongCardinality() > limit ? ids.limit((int) limit) : ids;
    }

    /** The games, each counted in {@link #gamesWritten} as it is handed out. */
    private Iterable<StoredGame> counted(Iterable<StoredGame> games) {
        return mapped(games, g -> {
            gamesWritten++;
            if ((gamesWritten & 255) == 0) {
                written.update("export", gamesWritten, writing);
            }
            return g;
        });
    }

    private void jsonl(Iterable<StoredGame> games, BufferedWriter w) throws IOException {
        for (StoredGame g : games) {
            w.write(Json.of(g));
            w.write('\n');
        }
    }

    /** A target file inside the folder: never a link, never outside, never replaced without force. */
    private Path target(String name, Integer stamp) {
        if (!name.matches("[A-Za-z0-9_.\\-]+") || name.startsWith(".")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "'" + name + "' is not a file name thordb writes");
        }
        Path t = out.resolve(name);
        if (staging != null && Files.exists(staging.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the export would write " + name + " twice");
        }
        if (Files.isSymbolicLink(t)) {
            throw Faults.of(ErrorCode.IO, t + ": is a link; an export never writes through one");
        }
        if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
            if (!force) {
                throw Faults.of(ErrorCode.IO, t + ": exists; --force replaces it (ExportOptions.replacing() in Java)");
            }
            if (stamp != null) {
                Integer existing = headerStamp(t);
                if (existing != null && existing > stamp) {
                    throw Faults.of(ErrorCode.IO, t + ": exists and is dated " + existing
                            + ", after this export's " + stamp + "; an export never replaces a newer file");
                }
            }
        }
        return staging != null ? staging.resolve(name) : t;
    }

    private static Integer headerStamp(Path p) {
        try (var in = Files.newInputStream(p, LinkOption.NOFOLLOW_LINKS)) {
            byte[] h = in.readNBytes(WthorHeader.SIZE);
            return h.length == WthorHeader.SIZE ? WthorHeader.decode(h).creationStamp() : null;
        } catch (IOException e) {
            return null;
        }
    }

    private int todayStamp() {
        return today.getYear() * 10000 + today.getMonthValue() * 100 + today.getDayOfMonth();
    }

    /** What a file of the export is made of. */
    @FunctionalInterface
    private interface Body {
        void write(Iterable<StoredGame> games, BufferedWriter w) throws IOException;
    }

    /** How the games of a one-file format are written: a record a game, or a row a move. */
    private Body body() {
        if (positions) {
            PositionRows.Format f = format == Format.CSV ? PositionRows.Format.CSV : PositionRows.Format.JSONL;
            return (games, w) -> rowsWritten += PositionRows.write(games, f, w);
        }
        return switch (format) {
            case TEXT -> this::text;
            case PGN -> this::pgn;
            case CSV -> this::csv;
            case GGF -> this::ggf;
            default -> this::jsonl;
        };
    }

    /**
     * The games of each part of the split: a game goes where its duplicate group's first game
     * draws (a uniform number from the seed and that game's id), so that copies stay together.
     */
    private Map<String, RoaringBitmap> splitIds(RoaringBitmap ids) {
        Map<Integer, Integer> first = new HashMap<>();
        db.read(r -> {
            for (Duplicates.Group g : Duplicates.of(r).groups()) {
                int lead = Integer.MAX_VALUE;
                for (int id : g.ids()) {
                    lead = Math.min(lead, id);
                }
                for (int id : g.ids()) {
                    first.put(id, lead);
                }
            }
            return null;
        });
        Map<String, RoaringBitmap> out = new LinkedHashMap<>();
        split.keySet().forEach(k -> out.put(k, new RoaringBitmap()));
        for (IntIterator it = ids.getIntIterator(); it.hasNext(); ) {
            int id = it.next();
            int lead = first.getOrDefault(id, id);
            double u = (mix(seed ^ (lead * 0x9E3779B97F4A7C15L)) >>> 11) * 0x1.0p-53;
            double edge = 0;
            String part = null;
            for (Map.Entry<String, Double> e : split.entrySet()) {
                edge += e.getValue();
                part = e.getKey();
                if (u < edge) {
                    break;
                }
            }
            out.get(part).add(id);
        }
        return out;
    }

    /** SplitMix64's finaliser: a well-mixed 64-bit number of another. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private List<Path> single(String name, Iterable<StoredGame> games, Body body) {
        Path t = target(name, null);
        writeText(t, w -> body.write(counted(games), w));
        return List.of(t);
    }

    @FunctionalInterface
    private interface TextBody {
        void write(BufferedWriter w) throws IOException;
    }

    private static void writeText(Path t, TextBody body) {
        Path tmp = null;
        boolean done = false;
        try {
            tmp = TempFiles.beside(t);
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
            Files.move(tmp, t, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } catch (IOException e) {
            throw Faults.io(t, e);
        } finally {
            if (!done && tmp != null) {
                try {
                    Files.deleteIfExists(tmp); // a failure of any kind leaves no temporary file
                } catch (IOException ignored) {
                    // report the first failure
                }
            }
        }
    }

    private void csv(Iterable<StoredGame> games, BufferedWriter w) throws IOException {
        try (GameCsv csv = GameCsv.to(w)) {
            for (StoredGame g : games) {
                csv.row(g);
            }
        }
    }

    /**
     * GGS's Generic Game Format, a game a line, as Edax and NBoard read it: {@code PB}, {@code PW},
     * {@code PC} (the tournament), {@code DT} (the year), {@code RE} (Black's disc difference, from
     * the stored score), {@code TY}/{@code BO} (the board and its start), the moves with {@code PA}
     * for a pass, and thordb's {@code TH}/{@code TD} for a known theoretical score and its depth.
     */
    private void ggf(Iterable<StoredGame> games, BufferedWriter w) throws IOException {
        StringBuilder sb = new StringBuilder(512);
        for (StoredGame g : games) {
            int side = g.record68().side();
            int total = side * side;
            sb.setLength(0);
            sb.append("(;GM[Othello]PC[").append(ggfText(g.tournament())).append("]DT[").append(g.year())
                    .append("]PB[").append(ggfText(g.black())).append("]PW[").append(ggfText(g.white())).append(']');
            if (g.score() <= total) {
                int d = 2 * g.score() - total;
                sb.append("RE[").append(d > 0 ? "+" : "").append(d).append(']');
            }
            sb.append("TY[").append(side).append("]BO[").append(side).append(' ')
                    .append(side == 10 ? SourceReader.GGF_START_10 : SourceReader.GGF_START_8)
                    .append(']'); // the start the GGF reader checks
            List<String> tokens = movesWithPasses(g.record68());
            for (int i = 0; i < tokens.size(); i++) {
                String t = tokens.get(i);
                sb.append(i % 2 == 0 ? 'B' : 'W').append('[').append(t.equals("pass") ? "PA" : t.toUpperCase(Locale.ROOT)).append(']');
            }
            if (g.theoreticalKnown() && g.theoretical() <= total) {
                sb.append("TH[").append(g.theoretical()).append(']');
                if (g.theoreticalDepth() > 0) {
                    sb.append("TD[").append(g.theoreticalDepth()).append(']');
                }
            }
            sb.append(";)\n");
            w.append(sb);
        }
    }

    /** A GGF value: {@code ]} and {@code \\} escaped, line breaks as spaces. */
    private static String ggfText(String s) {
        return s.replace("\\", "\\\\").replace("]", "\\]").replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * The movetext tokens of a game: its squares, with {@code pass} in the slot of a side that
     * had no move, so that move numbers and colours are right without a replay (Black plays the
     * first token of each pair, White the second). {@code pass}, not chess's null move {@code --}:
     * it is what thordb's text records and transcripts write, and readers of Othello PGN take it
     * (thordb's own {@link PgnReader} also takes PA, -- and @@). From the first
     * illegal move of a damaged game on, and in 10×10 games, the squares stand as recorded.
     */
    public static List<String> pgnMoves(StoredGame g) {
        return movesWithPasses(g.record68());
    }

    /** {@link #pgnMoves(StoredGame)} of a record. */
    public static List<String> movesWithPasses(WthorGame g) {
        int[] sq = g.squares();
        boolean ten = g.side() == 10;
        List<String> out = new ArrayList<>();
        Position p = Position.start();
        Side expected = Side.BLACK;
        boolean legal = !ten;
        for (int i = 0; i < sq.length && sq[i] >= 0; i++) {
            if (legal && p.whyIllegal(sq[i]) != null) {
                legal = false;
            }
            if (legal) {
                if (p.toMove() != expected) {
                    out.add("pass");
                }
                expected = p.toMove().opponent();
                p = p.play(sq[i]);
            }
            out.add(ten ? Notation.name10(sq[i]) : Notation.name(sq[i]));
        }
        return out;
    }

    /**
     * PGN as Othello programs read it: the seven tag roster with the standard result token
     * ({@code 1-0} Black won, {@code 0-1} White, {@code 1/2-1/2}), the disc score in its own tag
     * ({@code [Score "33-31"]}, Black's discs first, as the file stores them) and the theoretical
     * score in another, then the moves numbered in pairs, passes written, and the result token.
     */
    private void pgn(Iterable<StoredGame> games, BufferedWriter w) throws IOException {
        for (StoredGame g : games) {
            int b = g.score();
            int total = g.record68().side() * g.record68().side();
            w.write("[Event \"" + pgnText(g.tournament()) + "\"]\n");
            w.write("[Site \"" + pgnText(g.base()) + "\"]\n");
            w.write("[Date \"" + g.year() + ".??.??\"]\n");
            w.write("[Round \"-\"]\n");
            w.write("[Black \"" + pgnText(g.black()) + "\"]\n");
            w.write("[White \"" + pgnText(g.white()) + "\"]\n");
            // a score byte the board cannot hold (a damaged record) is no score: no result is made
            // of it, and the damage is said instead
            boolean scored = b <= total;
            String result = !scored ? "*" : b * 2 > total ? "1-0" : b * 2 < total ? "0-1" : "1/2-1/2";
            w.write("[Result \"" + result + "\"]\n");
            if (scored) {
                w.write("[Score \"" + b + "-" + (total - b) + "\"]\n");
            }
            if (g.theoreticalKnown() && g.theoretical() <= total) { // an unknown score is no tag, not 0
                w.write("[TheoreticalScore \"" + g.theoretical() + "\"]\n");
                if (g.theoreticalDepth() > 0) {
                    w.write("[TheoreticalDepth \"" + g.theoreticalDepth() + "\"]\n");
                }
            }
            if (g.damage() != null) {
                w.write("[Damage \"" + pgnText(g.damage()) + "\"]\n");
            }
            w.write("\n");
            List<String> moves = pgnMoves(g);
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < moves.size(); i++) {
                if (i % 2 == 0) {
                    line.append(i / 2 + 1).append(". ");
                }
                line.append(moves.get(i)).append(' ');
            }
            line.append(result);
            w.write(line.toString());
            w.write("\n\n");
        }
    }

    private static String pgnText(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /**
     * Text records, one after another in one file: each game's header lines (base, year, record,
     * players, tournament, scores), then its {@code MOVES:} and {@code RESULT:} lines, then a blank
     * line; {@link TextGameRecords#parseAll(String)} reads them back. 10×10 games are left out.
     */
    private void text(Iterable<StoredGame> games, BufferedWriter w) throws IOException {
        for (StoredGame g : games) {
            if (g.record68().side() != 8) {
                gamesWritten--; // the text format is for 8×8 games
                continue;
            }
            int[] sq = g.record68().squares();
            int n = 0;
            while (n < sq.length && sq[n] >= 0) {
                n++;
            }
            int[] legal = Arrays.copyOf(sq, n);
            Replay.Result rep = Replay.replay(legal, null);
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("BASE", g.base());
            tags.put("YEAR", String.valueOf(g.year()));
            tags.put("RECORD", String.valueOf(g.record()));
            tags.put("BLACK", g.black());
            tags.put("WHITE", g.white());
            tags.put("TOURNAMENT", g.tournament());
            if (g.score() <= 64) { // a score byte the board cannot hold is no score (a damaged record)
                tags.put("SCORE", g.score() + "-" + (64 - g.score()));
            }
            if (g.theoreticalKnown() && g.theoretical() <= 64) { // an unknown score is no line, not 0
                tags.put("THEORETICAL", String.valueOf(g.theoretical()));
                if (g.theoreticalDepth() > 0) {
                    tags.put("THEORETICAL_DEPTH", String.valueOf(g.theoreticalDepth()));
                }
            }
            TextGameRecord rec = TextGameRecords.fromSquares(Arrays.copyOf(legal, rep.movesPlayed()),
                    g.score() <= 64 ? GameResult.fromWthorScore(g.score()) : GameResult.IN_PROGRESS).withTags(tags);
            w.write(TextGameRecords.format(rec));
            w.write('\n');
        }
    }

    private static String fileStem(String base) {
        String b = base.toUpperCase(Locale.ROOT);
        if (b.equals("WTHOR")) {
            return "WTH";
        }
        return b.matches("[A-Z0-9_\\-]{1,40}") ? b : "BASE";
    }

    /** The games of one output file: its year and board side. */
    private record FileKey(int side, int year) implements Comparable<FileKey> {
        @Override
        public int compareTo(FileKey o) {
            return side != o.side ? Integer.compare(side, o.side) : Integer.compare(year, o.year);
        }
    }

    /**
     * One file a year (and board size), written one game at a time: the games of each file are the
     * result's ids within the segments of that year, so memory stays bounded whatever the result.
     */
    private List<Path> wthor(MatchedGames r, RoaringBitmap ids) {
        Catalog c = r.catalog();
        Map<FileKey, RoaringBitmap> byFile = new TreeMap<>();
        Map<FileKey, FileRow> source = new TreeMap<>();
        Set<Integer> bases = new TreeSet<>();
        for (FileRow f : c.gameFiles()) {
            RoaringBitmap part = RoaringBitmap.and(ids,
                    RoaringBitmap.bitmapOfRange(f.firstId(), (long) f.firstId() + f.games()));
            if (!part.isEmpty()) {
                FileKey k = new FileKey(f.side(), f.year());
                byFile.merge(k, part, (x, y) -> RoaringBitmap.or(x, y));
                source.putIfAbsent(k, f);
                bases.add(f.base());
            }
        }
        if (byFile.isEmpty()) {
            return List.of();
        }
        boolean oneBase = bases.size() == 1;
        String baseName = oneBase ? c.base(bases.iterator().next()).name() : "WTHOR";
        String stem = fileStem(baseName);
        String namesStem = stem.equals("WTH") ? "WTHOR" : stem;
        Renumbering renumber = oneBase ? null : new Renumbering(r.games(ids));
        int stamp = todayStamp();
        List<Path> written = new ArrayList<>();
        Catalog.Base base = oneBase ? c.base(baseName) : null;
        List<byte[]> players = fitted(oneBase ? base.players() : renumber.playerNames(), NameKind.PLAYERS, namesStem + ".JOU");
        List<byte[]> tournaments = fitted(oneBase ? base.tournaments() : renumber.tournamentNames(), NameKind.TOURNAMENTS,
                namesStem + ".TRN");
        written.add(writeNames(namesStem + ".JOU", WthorKind.PLAYERS, players, oneBase ? c.namesFile(base.id(), NameKind.PLAYERS) : null));
        written.add(writeNames(namesStem + ".TRN", WthorKind.TOURNAMENTS, tournaments,
                oneBase ? c.namesFile(base.id(), NameKind.TOURNAMENTS) : null));
        // games whose theoretical score is unknown: solved at their file's depth when that takes
        // about a minute at most, else refused (a byte other programs take for perfect play is never made up)
        Map<FileKey, Integer> solveAt = new HashMap<>();
        if (theoreticalDepth == null && unknownTheoretical == UnknownTheoretical.SOLVE) {
            double seconds = 0;
            long unknownAll = 0;
            long unfinished = 0;
            StringBuilder where = new StringBuilder();
            for (Map.Entry<FileKey, RoaringBitmap> e : byFile.entrySet()) {
                if (e.getKey().side() != 8) {
                    continue; // no 10×10 solver: such files keep depth 0 and say so
                }
                long u = 0;
                Set<Integer> depths = new TreeSet<>();
                List<int[]> lines = new ArrayList<>();
                for (StoredGame g : r.games(e.getValue())) {
                    if (!g.theoreticalKnown()) {
                        u++;
                        lines.add(g.record68().squares());
                    } else if (g.theoreticalDepth() > 0) {
                        depths.add(g.theoreticalDepth());
                    }
                }
                if (u == 0) {
                    continue;
                }
                int headerDepth = header(source.get(e.getKey()), e.getKey(), e.getValue().getCardinality()).effectiveDepth();
                int d = depths.size() == 1 ? depths.iterator().next() : headerDepth > 0 ? headerDepth : FFO_DEPTH;
                // a game that stops with more empties than that (adjourned, abandoned) has no such
                // position: its last one, still open, is no minute's solve
                for (int[] line : lines) {
                    Position p = org.thordb.solve.TheoreticalScore.positionAt(line, d);
                    if (64 - p.discs() > d && !p.isFinal()) {
                        unfinished++;
                    }
                }
                solveAt.put(e.getKey(), d);
                seconds += u / gamesPerSecond(d);
                unknownAll += u;
                where.append(where.length() == 0 ? "" : ", ").append(e.getKey().year()).append(": ").append(u)
                        .append(" at ").append(d);
            }
            if (unfinished > 0) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, String.format(Locale.ROOT,
                        "%,d games of this export have no theoretical score (%s empties), and %,d of them stop before"
                                + " that many empties are left (unfinished games), so no solve gives theirs: export with"
                                + " --unknown-theoretical zero or score to write a stand-in, or leave them out of the query",
                        unknownAll, where, unfinished));
            }
            if (seconds > SOLVE_SECONDS) {
                int d = solveAt.values().stream().max(Integer::compare).orElse(FFO_DEPTH);
                throw Faults.of(ErrorCode.BAD_ARGUMENT, String.format(Locale.ROOT,
                        "%,d games of this export have no theoretical score (%s empties), and solving them would take"
                                + " about %,.0f minutes: fill the store first with 'thordb theoretical --fill --depth %d"
                                + " --where QUERY' (it can be stopped and goes on where it stopped), or export with"
                                + " --unknown-theoretical zero or score to write a stand-in", unknownAll, where,
                        Math.ceil(seconds / 60), d));
            }
            if (unknownAll > 0) {
                solving.accept(unknownAll);
                notes.accept(String.format(Locale.ROOT, "%,d unknown theoretical scores solved for this export"
                        + " (%s empties; the store is unchanged: 'thordb theoretical --fill' keeps them)", unknownAll, where));
            }
        }
        Solver solver = theoreticalDepth == null && solveAt.isEmpty() ? null
                : new Solver(Solver.Options.defaults());
        if (theoreticalDepth != null) {
            solving.accept(ids.getLongCardinality()); // at most: a score stored at that depth is kept, not solved
        }
        long kept = 0;
        for (Map.Entry<FileKey, RoaringBitmap> e : byFile.entrySet()) {
            FileKey k = e.getKey();
            WthorHeader header = header(source.get(k), k, e.getValue().getCardinality());
            int oneDepth = solver == null && k.side() == 8 ? oneKnownDepth(r.games(e.getValue())) : -1;
            if (oneDepth > 0 && header.effectiveDepth() != oneDepth) {
                // every game's score is known at one depth (a text source filled whole, say): the header says it
                header = new WthorHeader(header.century(), header.yearOfCentury(), header.month(), header.day(),
                        header.n1(), header.n2(), header.gameYear(), header.boardSize(), header.gameType(),
                        oneDepth, header.reserved());
            }
            Integer fill = solveAt.get(k);
            if (theoreticalDepth != null && k.side() == 8 || fill != null) {
                header = new WthorHeader(header.century(), header.yearOfCentury(), header.month(), header.day(),
                        header.n1(), header.n2(), header.gameYear(), header.boardSize(), header.gameType(),
                        fill != null ? fill : theoreticalDepth, header.reserved());
            }
            Path t = target(stem + "_" + k.year() + (k.side() == 10 ? ".wtd" : ".wtb"), stamp);
            long unknown = 0;
            long filledOut = 0;
            try (WthorWriter w = WthorWriter.create(t, k.side() == 10 ? WthorKind.GAMES_10 : WthorKind.GAMES_8, header)) {
                for (StoredGame g : counted(r.games(e.getValue()))) {
                    WthorGame record = oneBase ? g.record68() : renumber.apply(g);
                    if (fill != null && !g.theoreticalKnown()) {
                        record = record.withTheoreticalScore(org.thordb.solve.TheoreticalScore.compute(record.squares(),
                                fill, solver).blackDiscs());
                        solved.accept(1);
                    } else if (theoreticalDepth != null && k.side() == 8) {
                        if (g.theoreticalKnown() && g.theoreticalDepth() == theoreticalDepth) {
                            record = record.withTheoreticalScore(g.theoretical());
                            kept++; // the stored score is the one asked for: no solve
                        } else {
                            record = record.withTheoreticalScore(org.thordb.solve.TheoreticalScore.compute(record.squares(),
                                    theoreticalDepth, solver).blackDiscs());
                            solved.accept(1);
                        }
                    } else if (g.importedTheoretical() != g.theoretical() && oneDepth < 0) {
                        // a WTHOR file's byte as imported (its file holds one depth, the fill another)
                        record = record.withTheoreticalScore(g.importedTheoretical());
                        filledOut++;
                    } else if (!g.theoreticalKnown()) {
                        unknown++;
                        if (unknownTheoretical == UnknownTheoretical.SCORE) {
                            record = record.withTheoreticalScore(record.blackScore());
                        } else if (unknownTheoretical == UnknownTheoretical.ZERO) {
                            record = record.withTheoreticalScore(0);
                        }
                    }
                    w.write(record);
                }
            }
            if (k.year() == 0) {
                notes.accept(t.getFileName() + ": " + e.getValue().getCardinality() + " games have no year (their"
                        + " source gave no date): written as year 0");
            }
            if (filledOut > 0) {
                notes.accept(t.getFileName() + ": " + filledOut + " theoretical scores filled in the store written as"
                        + " the file gave them (unknown): export with --theoretical N to write scores at N empties");
            }
            if (unknown > 0) {
                notes.accept(t.getFileName() + ": " + unknown + " games carry no theoretical score: written as "
                        + (unknownTheoretical == UnknownTheoretical.SCORE ? "their final score" : k.side() == 10
                        && unknownTheoretical == UnknownTheoretical.SOLVE ? "0 (no 10×10 solver; the file's depth is 0)"
                        : "0") + (unknownTheoretical == UnknownTheoretical.SOLVE ? "" : " (--unknown-theoretical "
                        + unknownTheoretical.name().toLowerCase(Locale.ROOT) + ")"));
            }
            written.add(t);
        }
        if (kept > 0) {
            notes.accept(kept + " theoretical scores stored at depth " + theoreticalDepth + " kept as they are, not solved again");
        }
        return written;
    }

    /**
     * The depth every game's known theoretical score was computed at, or -1 when some is unknown,
     * they differ, or a game's score was filled into a WTHOR file's record (which is written as imported).
     */
    private static int oneKnownDepth(Iterable<StoredGame> games) {
        int depth = 0;
        for (StoredGame g : games) {
            if (!g.theoreticalKnown() || g.theoreticalDepth() <= 0 || depth != 0 && g.theoreticalDepth() != depth
                    || g.importedTheoretical() != g.theoretical()) { // a WTHOR file is written as it came
                return -1;
            }
            depth = g.theoreticalDepth();
        }
        return depth == 0 ? -1 : depth;
    }

    /**
     * The header of an exported year: dated today with its own N1, the other bytes (board size,
     * depth, …) those of the stored file the year's first games come from.
     */
    private WthorHeader header(FileRow source, FileKey k, int games) {
        WthorHeader made = WthorHeader.forGames(today, games, k.year(), k.side() == 10 ? 10 : 8, 0);
        if (source == null) {
            return made;
        }
        WthorHeader stored = WthorHeader.decode(HexFormat.of().parseHex(source.header()));
        return new WthorHeader(made.century(), made.yearOfCentury(), made.month(), made.day(), games,
                stored.n2(), stored.gameYear(), stored.boardSize(), stored.gameType(), stored.depth(), stored.reserved());
    }

    private Path writeNames(String name, WthorKind kind, List<byte[]> records, FileRow stored) {
        WthorHeader h = WthorHeader.forNames(today, records.size());
        if (stored != null) {
            WthorHeader s = WthorHeader.decode(HexFormat.of().parseHex(stored.header()));
            h = new WthorHeader(h.century(), h.yearOfCentury(), h.month(), h.day(), s.n1(), s.n2(), s.gameYear(),
                    s.boardSize(), s.gameType(), s.depth(), s.reserved());
        }
        Path t = target(name, todayStamp());
        new NameList(kind, h, records, List.of()).write(t);
        return t;
    }

    /**
     * Names as WTHOR records: ISO-8859-1, NUL-terminated in 20 bytes (players) or 26 (tournaments).
     * A name that does not fit (a text source's long name, a character ISO-8859-1 lacks) is
     * shortened or spelt with '?', and said in a note.
     */
    private List<byte[]> fitted(List<String> names, NameKind kind, String file) {
        int size = kind.wthorKind().recordSize();
        List<byte[]> out = new ArrayList<>(names.size());
        int changed = 0;
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i) == null ? "" : names.get(i);
            byte[] rec = NameList.encode(n, size);
            String back = NameList.decode(rec);
            if (!back.equals(n)) {
                changed++;
                if (changed <= 20) {
                    notes.accept(file + ": " + (kind == NameKind.PLAYERS ? "player " : "tournament ") + i + " \""
                            + n + "\" written as \"" + back + "\" (a WTHOR name is " + (size - 1)
                            + " ISO-8859-1 characters at most)");
                }
            }
            out.add(rec);
        }
        if (changed > 20) {
            notes.accept(file + ": " + (changed - 20) + " more names shortened or respelt");
        }
        return out;
    }

    /** New player and tournament numbers for games of several bases: one number per distinct name. */
    private static final class Renumbering {
        private final Map<String, Integer> players = new LinkedHashMap<>();
        private final Map<String, Integer> tournaments = new LinkedHashMap<>();

        /** A first pass over the games: one number per distinct name, in order of appearance. */
        Renumbering(Iterable<StoredGame> games) {
            for (StoredGame g : games) {
                players.putIfAbsent(g.black(), players.size());
                players.putIfAbsent(g.white(), players.size());
                tournaments.putIfAbsent(g.tournament(), tournaments.size());
            }
            if (players.size() > 0xffff || tournaments.size() > 0xffff) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "the games name more than 65,535 players or"
                        + " tournaments: too many for one WTHOR names file");
            }
        }

        List<String> playerNames() {
            return new ArrayList<>(players.keySet());
        }

        List<String> tournamentNames() {
            return new ArrayList<>(tournaments.keySet());
        }

        WthorGame apply(StoredGame g) {
            byte[] b = g.record68().bytes();
            put(b, 0, tournaments.get(g.tournament()));
            put(b, 2, players.get(g.black()));
            put(b, 4, players.get(g.white()));
            return new WthorGame(b, g.record68().side());
        }

        private static void put(byte[] b, int i, int v) {
            b[i] = (byte) v;
            b[i + 1] = (byte) (v >>> 8);
        }
    }
}
