package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.Field;
import org.thordb.index.Openings;
import org.thordb.index.Postings;
import org.thordb.index.SegmentIndexer;
import org.thordb.index.Terms;
import org.thordb.othello.Board10;
import org.thordb.othello.Notation;
import org.thordb.othello.Replay;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.NameKind;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.text.SourceFormat;
import org.thordb.text.SourceGame;
import org.thordb.text.SourceReader;
import org.thordb.text.SourceResult;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import java.nio.charset.CharsetEncoder;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.GameColumns;

/**
 * Imports one text source file (GGF, PGN, transcripts, Logistello's book, eOthello's CSV,
 * {@code MOVES:} records) as a base of its own, in one atomic batch: its games become WTHOR
 * records (players and tournaments numbered in the base's names, in order of appearance; the year
 * from the game's date; Black's score as WTHOR counts it; the theoretical score unknown, 0 with
 * depth 0), one segment a year, each game's text kept byte for byte in {@code sources}. A game the
 * store cannot hold as it stands is skipped with its line and reason; a game with an illegal move
 * is kept and marked damaged, as in a WTHOR file.
 *
 * <p>Usage (through the importer): {@code db.importFiles(List.of(Path.of("games.ggf")), Importer.Options.defaults(), listener);}
 */
final class SourceImport {
    /** A game made ready for its segment, with its positions replayed. */
    private record Ready(WthorGame record, SourceGame source, long[] states, int plies) {
    }

    /** What became of a source file: games stored, skipped, left out as duplicates, noted. */
    record Outcome(long games, long replaced, long skipped, long duplicates, long damaged) {
    }

    private final CharsetEncoder latin1 = StandardCharsets.ISO_8859_1.newEncoder();

    private final Importer importer;
    private final Store store;
    private final Importer.Options options;
    private final Importer.Listener listener;

    SourceImport(Importer importer, Store store, Importer.Options options, Importer.Listener listener) {
        this.importer = importer;
        this.store = store;
        this.options = options;
        this.listener = listener;
    }

    /** The base a source file goes to by default: its name without extensions, upper case. */
    static String baseOf(Path file) {
        String n = file.getFileName().toString();
        if (n.toLowerCase(Locale.ROOT).endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        int dot = n.lastIndexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n).toUpperCase(Locale.ROOT);
    }

    /** The games of the last file run skipped and left out as duplicates, also when it was refused. */
    long lastSkipped;
    long lastDuplicates;

    /**
     * Imports the file; returns null when it was skipped as unchanged.
     *
     * @param planSha the file's SHA-256 as the plan read it, or null to read it here
     */
    Outcome run(Path file, String baseName, String planSha) {
        lastSkipped = 0;
        lastDuplicates = 0;
        String sha = planSha != null ? planSha : Importer.sha256(file); // the plan hashes as it counts
        long size = Importer.size(file);
        String name = file.getFileName().toString();
        Catalog catalog = importer.catalog();
        Catalog.Base existing = catalog.base(baseName);
        List<FileRow> old = new ArrayList<>();
        if (existing != null) {
            for (FileRow f : catalog.gameFiles()) {
                if (f.base() == existing.id()) {
                    old.add(f);
                }
            }
            for (FileRow f : old) {
                if (!f.fromSource()) {
                    throw Faults.of(ErrorCode.BAD_FILE, file + ": refused: base " + baseName + " holds WTHOR"
                            + " files; import this file as a base of its own (another base name)");
                }
                if (!f.name().equals(name)) {
                    throw Faults.of(ErrorCode.BAD_FILE, file + ": refused: base " + baseName + " holds the"
                            + " games of " + f.name() + " and a base holds one source file; import this one under"
                            + " another base name, or remove base " + baseName + " first");
                }
            }
            if (!old.isEmpty() && old.stream().allMatch(f -> f.sha256().equals(sha))) {
                listener.line(file + ": unchanged (already imported as base " + baseName + ")");
                return null;
            }
        }
        // read and convert every game, grouped by year
        Map<String, Integer> players = new LinkedHashMap<>();
        Map<String, Integer> tournaments = new LinkedHashMap<>();
        // one segment a board size and year: the key is side << 32 | year, 8×8 first
        TreeMap<Long, List<Ready>> byYear = new TreeMap<>();
        Map<Long, List<int[]>> seen = new HashMap<>();
        Set<String> respelt = new HashSet<>();
        long skipped = 0;
        long duplicates = 0;
        long noted = 0;
        String defaultEvent = stem(file); // the tournament of games that name none
        SourceFormat format;
        try (SourceReader reader = SourceReader.open(file); Store.View view = store.view()) {
            format = reader.format();
            // read in file order, then replay and turn every position on both cores (games are
            // independent), then number names and group by year in file order again
            List<SourceGame> read = new ArrayList<>();
            for (SourceGame g : reader) {
                read.add(g);
            }
            Converted[] converted = new Converted[read.size()];
            IntStream.range(0, read.size()).parallel().forEach(i -> {
                Converted c = convert(read.get(i));
                if (c.states != null) {
                    SegmentIndexer.canonicalize(c.states, c.plies);
                }
                converted[i] = c;
            });
            long step = 0;
            for (int gi = 0; gi < read.size(); gi++) {
                SourceGame g = read.get(gi);
                read.set(gi, null);
                if (++step == 1024) {
                    listener.progress(step);
                    step = 0;
                }
                Converted c = converted[gi];
                converted[gi] = null;
                if (c.skip != null) {
                    skipped++;
                    listener.line(file + ": line " + g.line() + ": skipped: " + c.skip);
                    continue;
                }
                if (options.skipDuplicates() && g.side() == 8 && duplicate(c.squares, seen, view, catalog)) {
                    duplicates++;
                    continue;
                }
                if (c.note != null) {
                    noted++;
                    listener.line(file + ": line " + g.line() + ": " + c.note);
                }
                if (players.size() >= 0xffff || tournaments.size() >= 0xffff) {
                    throw Faults.of(ErrorCode.BAD_FILE, file + ": line " + g.line() + ": more than 65,535"
                            + " players or tournaments: more than a WTHOR base numbers");
                }
                for (String n : new String[] {g.black(), g.white(), g.event()}) {
                    if (n != null && !latin1.canEncode(n) && respelt.add(n)) {
                        listener.line(file + ": line " + g.line() + ": the name \"" + n + "\" has characters"
                                + " ISO-8859-1 (WTHOR's charset) lacks: stored as \""
                                + new String(n.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1)
                                + "\"; the game's text keeps it whole");
                    }
                }
                int black = players.computeIfAbsent(g.black() == null ? "?" : g.black(), k -> players.size());
                int white = players.computeIfAbsent(g.white() == null ? "?" : g.white(), k -> players.size());
                int event = tournaments.computeIfAbsent(g.event() == null ? defaultEvent : g.event(),
                        k -> tournaments.size());
                Integer y = g.year();
                int year = y != null ? y : options.year() != null ? options.year() : 0;
                // the theoretical score a source gives (thordb's PGN and text exports do) is the record's;
                // without one the byte is 0 and the game's row says its score is unknown
                WthorGame record = WthorGame.of(event, black, white, c.blackScore,
                        g.theoretical() != null && g.side() == 8 ? g.theoretical() : 0, c.squares, g.side());
                byYear.computeIfAbsent((long) g.side() << 32 | (year & 0xffffffffL), k -> new ArrayList<>())
                        .add(new Ready(record, g, c.states, c.plies));
            }
            listener.progress(step);
        }
        lastSkipped = skipped;
        lastDuplicates = duplicates;
        if (byYear.isEmpty()) {
            throw Faults.of(ErrorCode.BAD_FILE, file + ": refused: none of its games can be stored ("
                    + skipped + " skipped" + (duplicates > 0 ? ", " + duplicates + " duplicates left out" : "")
                    + "); the store is unchanged");
        }
        long games = 0;
        long damaged = 0;
        long replaced = 0;
        try (Store.Batch batch = store.batch()) {
            int base = importer.baseId(baseName);
            importer.putBaseIfNew(baseName, base, batch);
            for (FileRow f : old) {
                importer.removeSegment(f, batch);
                batch.deleteRange(Space.SOURCES, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()));
                batch.delete(Space.FILES, f.key());
                replaced += f.games();
            }
            LocalDate today = LocalDate.now();
            int stamp = today.getYear() * 10000 + today.getMonthValue() * 100 + today.getDayOfMonth();
            String now = Instant.now().toString();
            names(batch, base, NameKind.PLAYERS, players, file, sha, size, today, stamp, now, format);
            names(batch, base, NameKind.TOURNAMENTS, tournaments, file, sha, size, today, stamp, now, format);
            for (Map.Entry<Long, List<Ready>> e : byYear.entrySet()) {
                int side = (int) (e.getKey() >>> 32);
                int year = (int) (long) e.getKey();
                List<Ready> list = e.getValue();
                if (list.size() >= FingerprintBlock.MAX_GAMES) {
                    throw Faults.of(ErrorCode.BAD_FILE, file + ": " + list.size() + " games of year " + year
                            + " are more than thordb imports as one year (" + FingerprintBlock.MAX_GAMES + ")");
                }
                int[] at = importer.allocate(list.size());
                int segment = at[0];
                int firstId = at[1];
                SegmentIndexer ix = importer.indexer(segment, firstId, base, year);
                String[] faults = new String[list.size()];
                for (int i = 0; i < list.size(); i++) {
                    Ready r = list.get(i);
                    faults[i] = r.states() == null ? ix.add(r.record(), null) // 10×10: replayed by the indexer
                            : ix.addReplayed(r.record(), null, r.states(), r.plies());
                }
                for (int i : ix.damagedGames()) {
                    listener.line(file + ": line " + list.get(i).source().line() + ": kept, damaged: " + faults[i]);
                }
                damaged += ix.damagedGames().length;
                for (int i = 0; i < list.size(); i++) {
                    Ready r = list.get(i);
                    int id = firstId + i;
                    boolean given = r.source().theoretical() != null && side == 8;
                    GameRow row = new GameRow(id, base, side, year, i, segment, ix.validPlies(i), r.record().bytes(), faults[i],
                            given, given && r.source().theoreticalDepth() != null ? r.source().theoreticalDepth() : 0);
                    batch.put(Space.GAMES, GameRow.key(id), row.encode());
                    batch.put(Space.SOURCES, GameRow.key(id), sourceValue(r.source()));
                }
                ix.emit(batch::put);
                batch.put(Space.COLUMNS, GameColumns.key(firstId), GameColumns.entry(side,
                        list.stream().map(x -> x.record().bytes()).toList()));
                WthorHeader h = WthorHeader.forGames(today, list.size(), year, side, 0);
                FileRow row = new FileRow(base, side == 10 ? "wtd" : "wtb", year, name, HexFormat.of().formatHex(h.encode()), stamp, sha, size,
                        segment, firstId, list.size(), ix.damagedGames().length, now, format.code(), side == 8 ? ix.fingerprintBits() : null)
                        .withTheoretical(list.stream().anyMatch(x -> x.source().theoretical() != null) && side == 8
                                ? FileRow.PER_GAME : FileRow.UNKNOWN, null);
                batch.put(Space.FILES, row.key(), Catalog.encode(row));
                games += list.size();
            }
            batch.put(Space.META, Catalog.COUNTERS_KEY, importer.counters());
            importer.commitBatch(batch, file, (int) games);
        }
        TreeSet<Integer> yearSet = new TreeSet<>();
        byYear.keySet().forEach(k -> yearSet.add((int) (long) k));
        String years = yearSet.size() == 1 ? ", year " + yearSet.first() : ", years " + yearSet.first() + "–" + yearSet.last();
        long tens = byYear.entrySet().stream().filter(e -> e.getKey() >>> 32 == 10).mapToLong(e -> e.getValue().size()).sum();
        listener.line(file + ": " + (old.isEmpty() ? "imported " : "replaced base " + baseName + " with ") + games
                + (games == 1 ? " game (" : " games (") + format.code() + ") as base " + baseName + years
                + (skipped > 0 ? "; " + skipped + " skipped" : "")
                + (duplicates > 0 ? "; " + duplicates + " duplicates left out" : "")
                + (damaged > 0 ? "; " + damaged + " damaged kept" : "")
                + (noted > 0 ? "; " + noted + " with a result the moves contradict" : "")
                + (tens > 0 ? "; " + tens + " of them 10×10" : ""));
        return new Outcome(games, replaced, skipped, duplicates, damaged);
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        if (n.toLowerCase(Locale.ROOT).endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** The {@code sources} value: the game's first line (u32), then its bytes. */
    static byte[] sourceValue(SourceGame g) {
        byte[] v = new byte[4 + g.raw().length];
        Keys.putU32(v, 0, g.line());
        System.arraycopy(g.raw(), 0, v, 4, g.raw().length);
        return v;
    }

    /**
     * A base's names from a source: each name whole (ISO-8859-1, a character it lacks as '?'), at
     * least the WTHOR record's size and NUL-terminated, so a WTHOR base's names read the same way;
     * the WTHOR exporter shortens the longer ones and says so.
     */
    private static void names(Store.Batch batch, int base, NameKind kind, Map<String, Integer> names, Path file,
                              String sha, long size, LocalDate today, int stamp, String now, SourceFormat format) {
        byte[] prefix = Catalog.namesPrefix(base, kind);
        batch.deleteRange(Space.NAMES, prefix, Keys.prefixEnd(prefix));
        int recordSize = kind.wthorKind().recordSize();
        for (Map.Entry<String, Integer> e : names.entrySet()) {
            byte[] s = e.getKey().getBytes(StandardCharsets.ISO_8859_1);
            byte[] rec = new byte[Math.max(recordSize, s.length + 1)];
            System.arraycopy(s, 0, rec, 0, s.length);
            batch.put(Space.NAMES, Catalog.nameKey(base, kind, e.getValue()), rec);
        }
        WthorHeader h = WthorHeader.forNames(today, names.size());
        FileRow row = new FileRow(base, kind.wthorKind().extension(), 0, file.getFileName().toString(),
                HexFormat.of().formatHex(h.encode()), stamp, sha, size, -1, 0, names.size(), 0, now, format.code(), null);
        batch.put(Space.FILES, row.key(), Catalog.encode(row));
    }

    /** Whether a game's whole move list is already in the store or earlier in this file (then it is remembered). */
    private static boolean duplicate(int[] squares, Map<Long, List<int[]>> seen, Store.View view, Catalog catalog) {
        long h = Terms.gameHash(squares, squares.length);
        if (h < 0) {
            return false;
        }
        int[] turned = Openings.normalize(squares, squares.length);
        List<int[]> here = seen.computeIfAbsent(h, k -> new ArrayList<>(1));
        for (int[] t : here) {
            if (Arrays.equals(t, turned)) {
                return true;
            }
        }
        RoaringBitmap ids = new RoaringBitmap();
        view.scanPrefix(Space.TERMS, Terms.key(Field.GAME, Terms.game(h)), (k, v) -> {
            Postings.addTo(v, ids);
            return true;
        });
        for (int id : ids) {
            byte[] v = view.get(Space.GAMES, GameRow.key(id));
            if (v == null) {
                continue;
            }
            GameRow row = GameRow.decode(id, v);
            int[] s = new WthorGame(row.raw(), row.side()).squares();
            int n = 0;
            while (n < s.length && s[n] >= 0) {
                n++;
            }
            if (n == squares.length && Arrays.equals(Openings.normalize(s, n), turned)) {
                return true;
            }
        }
        here.add(turned);
        return false;
    }

    /** A source game made into a record's moves and score, or the reason it cannot be. */
    static final class Converted {
        int[] squares;
        /** Each position's Black, White and side to move (three longs), for the legal moves from the start. */
        long[] states;
        int plies;
        int blackScore;
        String skip;
        String note;
    }

    /**
     * Replays a source game: explicit passes must be due, a move's stated colour must be the side
     * to move (a colour that skips the other side is a pass, as Logistello writes them); an illegal
     * move is kept in the record (the game is then damaged, as in a WTHOR file) and the moves after
     * it are stored as they are.
     */
    static Converted convert(SourceGame g) {
        Converted c = new Converted();
        if (g.problem() != null) {
            c.skip = g.problem();
            return c;
        }
        Board board = g.side() == 10 ? new Ten() : new Eight();
        int expected = 0; // whose move the source means next: 0 Black, 1 White
        boolean illegal = false;
        int[] moves = g.moves();
        int[] out = new int[moves.length];
        int count = 0;
        char[] colours = g.colours();
        for (int i = 0; i < moves.length; i++) {
            int m = moves[i];
            char colour = colours == null || i >= colours.length ? 0 : colours[i];
            int toMove = illegal ? 2 : board.toMove();
            if (m == Notation.PASS) {
                if (toMove == 2) {
                    expected = 1 - expected;
                    continue; // after an illegal move nothing is checked; a pass after the end says nothing
                }
                int passer = colour == 'B' ? 0 : colour == 'W' ? 1 : expected;
                if (passer == toMove) {
                    c.skip = "move " + (i + 1) + ": a pass, but " + side(passer) + " has a legal move; a WTHOR record"
                            + " has no passes, so its next moves would be read for the other side";
                    return c;
                }
                expected = 1 - passer;
                continue;
            }
            if (colour != 0 && toMove != 2) {
                int said = colour == 'B' ? 0 : 1;
                if (said != toMove) {
                    c.skip = "move " + (i + 1) + " " + board.name(m) + " is " + side(said) + "'s in the file, but "
                            + side(toMove) + " is to move";
                    return c;
                }
            }
            int mover = toMove == 2 ? expected : toMove;
            if (!illegal && !board.play(m)) {
                illegal = true;
            }
            if (count == board.maxMoves()) {
                c.skip = "more than " + board.maxMoves() + " moves: more than a game has";
                return c;
            }
            out[count++] = m;
            expected = 1 - mover; // a source that writes passes writes one for the other side next
        }
        if (count == 0) {
            c.skip = "no moves";
            return c;
        }
        c.squares = Arrays.copyOf(out, count);
        if (board instanceof Eight e) {
            c.states = e.states;
            c.plies = e.plies;
        }
        return score(c, g.result(), board.black(), board.white(), !illegal && board.toMove() == 2, board.squares());
    }

    /** The board a source game is replayed on: 8×8 or 10×10. */
    private interface Board {
        /** The side that really moves next: 0 Black, 1 White, 2 nobody. */
        int toMove();

        /** Plays a move of that side; false (the board unchanged) when it is illegal. */
        boolean play(int square);

        String name(int square);

        int maxMoves();

        int black();

        int white();

        int squares();
    }

    /** 8×8 on bare bitboards ({@link Replay#step}), each position kept for the indexer. */
    private static final class Eight implements Board {
        final long[] state = Replay.startState();
        final long[] states = new long[3 * 61];
        int plies;

        Eight() {
            System.arraycopy(state, 0, states, 0, 3);
        }

        @Override
        public int toMove() {
            return (int) state[2];
        }

        @Override
        public boolean play(int square) {
            if (plies >= 60 || !Replay.step(state, square)) {
                return false;
            }
            plies++;
            System.arraycopy(state, 0, states, 3 * plies, 3);
            return true;
        }

        @Override
        public String name(int square) {
            return Notation.name(square);
        }

        @Override
        public int maxMoves() {
            return 60;
        }

        @Override
        public int black() {
            return Long.bitCount(state[0]);
        }

        @Override
        public int white() {
            return Long.bitCount(state[1]);
        }

        @Override
        public int squares() {
            return 64;
        }
    }

    /** 10×10 on {@link Board10}; the indexer replays it again. */
    private static final class Ten implements Board {
        final Board10 b = Board10.start();

        @Override
        public int toMove() {
            int s = b.sideToMove();
            return s == 1 ? 0 : s == 2 ? 1 : 2;
        }

        @Override
        public boolean play(int square) {
            return b.playMove(square) == null;
        }

        @Override
        public String name(int square) {
            return Notation.name10(square);
        }

        @Override
        public int maxMoves() {
            return 96;
        }

        @Override
        public int black() {
            return b.count(1);
        }

        @Override
        public int white() {
            return b.count(2);
        }

        @Override
        public int squares() {
            return 100;
        }
    }

    /**
     * Black's score in the WTHOR convention on a board of {@code squares} squares: a finished
     * game's from its discs (a stated result they contradict is noted); an unfinished one's from
     * the stated discs or difference, empties to the winner; a bare win or loss from the board's
     * discs, empties to the winner, at least half plus one for a win, at most half minus one for a
     * loss, half for a draw; no result at all, the board's discs with the empties to whoever leads.
     */
    private static Converted score(Converted c, SourceResult r, int b, int w, boolean finished, int squares) {
        int half = squares / 2;
        int empties = squares - b - w;
        int wthor = b > w ? b + empties : b < w ? b : b + empties / 2;
        if (finished) {
            c.blackScore = wthor;
            if (r.winner() != null && !agrees(r, b, w, wthor, squares)) {
                c.note = "the result " + (r.text().isEmpty() ? "given" : "'" + r.text() + "'") + " is not what the moves"
                        + " give (Black " + b + ", White " + w + "): the moves' score is stored";
            }
            return c;
        }
        if (r.blackDiscs() != null) {
            int rb = r.blackDiscs();
            int rw = r.whiteDiscs();
            c.blackScore = rb > rw ? squares - rw : rb < rw ? rb : rb + (squares - rb - rw) / 2;
        } else if (r.difference() != null) {
            int d = r.difference();
            c.blackScore = Math.max(0, Math.min(squares, d >= 0 ? (squares + d + 1) / 2 : (squares + d) / 2));
        } else if (r.winner() != null) {
            c.blackScore = switch (r.winner()) {
                case 'B' -> Math.max(b + empties, half + 1);
                case 'W' -> Math.min(b, half - 1);
                default -> half;
            };
        } else {
            c.blackScore = wthor;
        }
        return c;
    }

    /** Whether a stated result fits a finished game's discs, counted raw or with the empties to the winner. */
    private static boolean agrees(SourceResult r, int b, int w, int wthor, int squares) {
        char winner = b > w ? 'B' : b < w ? 'W' : 'D';
        if (r.winner() != winner) {
            return false;
        }
        if (r.blackDiscs() != null) {
            return (r.blackDiscs() == b && r.whiteDiscs() == w) || (r.blackDiscs() == wthor && r.whiteDiscs() == squares - wthor);
        }
        if (r.difference() != null) {
            return r.difference() == b - w || r.difference() == 2 * wthor - squares;
        }
        return true;
    }

    private static String side(int s) {
        return s == 0 ? "Black" : s == 1 ? "White" : "nobody";
    }
}
