package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.query.ast.Expr;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.sample.SampleBase;
import org.thordb.testing.BoardCounts;
import org.thordb.testing.Folders;
import org.thordb.testing.Seeded;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorWriter;

/**
 * Random queries over a random base, each answer checked against a plain replay of every game of
 * the files (the codecs and {@link Replay}'s {@code Position} objects, whose moves the perft test
 * checks; no store, no index, no column). The seed makes the base (its years, its games, the state its store
 * is in: imported at once, file by file, partly merged by {@code optimize}, a year released again,
 * a file whose theoretical scores are unknown) and the queries (every field and operator, board
 * conditions with their windows, {@code and}/{@code or}/{@code not} nested; a few games kept with an
 * illegal move), and is printed on every run; {@code -Dthordb.seed=N} replays a run. Each query is answered the way the planner
 * chooses, forced to postings, forced to the per-game columns and without the leapfrog, and the
 * games found, not only their number, must be the replay's.
 */
@ExtendWith(Seeded.class)
@org.junit.jupiter.api.Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES)
@org.thordb.testing.FullTier
class QueryPropertyTest {
    /** Queries a run checks: a few hundred, a few seconds. */
    private static final int QUERIES = 400;

    /**
     * Seeds that once found a difference, replayed by every run before its own (each makes its base
     * and its queries again); a seed that fails goes here with the fix it led to. Before sequences
     * ({@code then}) were drawn, 120 bases and 48,000 queries agreed.
     */
    private static final long[] ONCE_FAILED = {
        // its 27th query, "… then board = "…" from move 32 to move 55 within 1 move then pattern = …",
        // was refused: the grammar took the gap's unit as a word, and "move" is a keyword
        7629903814648678854L,
        // a board pattern on a conjunction that left no game, the game table not made: the moves of
        // no game were asked for in one multi-get, which RocksJava refuses (an assertion)
        6346130720068897982L,
    };

    @Test
    void randomQueriesOverARandomBaseAgreeWithAPlainReplay(@Seeded.Seed long seed) throws IOException {
        for (long kept : ONCE_FAILED) {
            check(kept, QUERIES);
        }
        // -Dthordb.propertyRuns=N checks N bases (a soak run); CI checks one a run, on a new seed
        int runs = Integer.getInteger("thordb.propertyRuns", 1);
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int i = 0; i < runs; i++) {
            check(i == 0 ? seed : seeds.nextLong() >>> 1, QUERIES);
        }
    }

    /** One game as the files say, every board it reaches replayed with {@code Position}. */
    private record Game(int year, int record, String black, String white, String tournament, int score,
                        int theoretical, boolean known, int[] squares, Position[] boards, Set<Position> canonical) {
        int moves() {
            return squares.length;
        }

        /** The moves that replay: a damaged game's stop before its first illegal move. */
        int plies() {
            return boards.length - 1;
        }

        long key() {
            return (long) year << 20 | record;
        }
    }

    /** A query's text and what the replay says it means. */
    private record Atom(String text, Predicate<Game> test) {
    }

    /** A condition on the board: its text, its moves, and whether it holds at move k of a game. */
    private record BoardAtom(String text, Window window, java.util.function.BiPredicate<Game, Integer> at) {
        Atom atom() {
            return new Atom(text, g -> window.any(g, k -> at.test(g, k)));
        }

        /** Whether the move is one the window allows in this game. */
        boolean allows(Game g, int k) {
            int n = g.plies();
            return window.end() ? k == n : k >= window.from() && k <= Math.min(window.to(), n);
        }
    }

    /** The moves a board condition looks at: {@code from} to {@code to}, or the last board. */
    private record Window(String text, int from, int to, boolean end) {
        boolean any(Game g, IntPredicate at) {
            int n = g.plies();
            int a = end ? n : from;
            int b = end ? n : Math.min(to, n);
            for (int k = a; k <= b; k++) {
                if (at.test(k)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final String[] OPS = {"=", "!=", "<", "<=", ">", ">="};

    private static boolean op(String op, int a, int b) {
        return switch (op) {
            case "=" -> a == b;
            case "!=" -> a != b;
            case "<" -> a < b;
            case "<=" -> a <= b;
            case ">" -> a > b;
            case ">=" -> a >= b;
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** Names as the language matches them, folded here on their own. */
    private static String fold(String s) {
        return org.thordb.testing.PlainScan.fold(s);
    }

    private void check(long seed, int queries) throws IOException {
        System.out.println("QueryPropertyTest: seed " + seed + " (run seed " + Seeded.runSeed() + ", -D" + Seeded.PROPERTY
                + "=" + Seeded.runSeed() + " replays it)");
        SplittableRandom rnd = new SplittableRandom(seed);
        Path root = Files.createTempDirectory("thordb-property");
        try {
            Path files = root.resolve("files");
            int firstYear = 1975 + rnd.nextInt(40);
            int years = 3 + rnd.nextInt(4);
            int perYear = 100 + rnd.nextInt(300);
            List<Path> written = SampleBase.write(files, "CLUB", firstYear, years, perYear, rnd.nextLong(), openings(rnd));
            List<Path> names = written.stream().filter(f -> !f.toString().endsWith(".wtb")).toList();
            List<Path> wtb = new ArrayList<>(written.stream().filter(f -> f.toString().endsWith(".wtb")).sorted().toList());
            Path unknown = wtb.get(rnd.nextInt(wtb.size()));
            boolean withUnknown = rnd.nextBoolean();
            if (withUnknown) { // depth 0 and every theoretical score 0: the file says nothing
                rewrite(unknown, unknown, 0, true);
            }
            String damaged = "";
            if (rnd.nextBoolean()) { // a few games kept with an illegal move
                Path f = wtb.get(rnd.nextInt(wtb.size()));
                damaged = ", " + damage(f, rnd) + " damaged games in " + f.getFileName();
            }
            String state;
            try (Engine db = Engine.open(root.resolve("db"))) {
                state = load(db, rnd, root, names, wtb) + damaged;
                List<Game> games = replay(files);
                Map<Integer, Long> keyOf = new HashMap<>();
                Games.forEach(db, g -> {
                    keyOf.put(g.id(), (long) g.year() << 20 | g.record());
                    return true;
                });
                assertEquals(games.size(), keyOf.size(), "games in the store (" + state + ")");
                QueryMaker maker = new QueryMaker(rnd, games, firstYear, years, perYear);
                int nonEmpty = 0;
                for (int i = 0; i < queries; i++) {
                    Atom a = maker.expr(0);
                    Set<Long> want = new TreeSet<>();
                    for (Game g : games) {
                        if (a.test().test(g)) {
                            want.add(g.key());
                        }
                    }
                    nonEmpty += want.isEmpty() ? 0 : 1;
                    String where = "query " + (i + 1) + " of seed " + seed + " (" + state + "): " + a.text();
                    RoaringBitmap got;
                    try {
                        got = Games.select(db, a.text());
                    } catch (RuntimeException e) {
                        throw new AssertionError(where + " failed: " + e.getMessage(), e);
                    }
                    Set<Long> have = new TreeSet<>();
                    got.forEach((int id) -> have.add(keyOf.get(id)));
                    if (!want.equals(have)) {
                        fail(where + "\n  " + difference(want, have, games));
                    }
                    Expr e = QueryParser.parse(a.text());
                    for (QueryPlanner.Access access : QueryPlanner.Access.values()) {
                        assertEquals(want.size(), (long) db.read(r -> QueryPlanner.plan(e, r, access).execute(r)
                                .getLongCardinality()), where + " with " + access);
                    }
                    QueryPlanner.leapfrog(false);
                    try {
                        assertEquals(want.size(), Games.count(db, a.text()), where + " without the leapfrog");
                    } finally {
                        QueryPlanner.leapfrog(true);
                    }
                }
                System.out.println("QueryPropertyTest: seed " + seed + ", " + games.size() + " games (" + state + "), "
                        + queries + " queries agree with the replay, " + nonEmpty + " of them matching some game");
            }
        } finally {
            Folders.delete(root);
        }
    }

    private static String difference(Set<Long> want, Set<Long> have, List<Game> games) {
        Set<Long> missing = new TreeSet<>(want);
        missing.removeAll(have);
        Set<Long> extra = new TreeSet<>(have);
        extra.removeAll(want);
        Map<Long, Game> byKey = new HashMap<>();
        games.forEach(g -> byKey.put(g.key(), g));
        StringBuilder sb = new StringBuilder("the replay finds " + want.size() + " games, the store " + have.size());
        for (var e : List.of(Map.entry("missing", missing), Map.entry("extra", extra))) {
            int shown = 0;
            for (long k : e.getValue()) {
                if (shown++ == 3) {
                    break;
                }
                Game g = byKey.get(k);
                sb.append("\n  ").append(e.getKey()).append(": ").append(k >> 20).append(" #").append(k & 0xfffff);
                if (g != null) {
                    sb.append(' ').append(g.black()).append(" - ").append(g.white()).append(", ").append(g.score())
                            .append('/').append(g.theoretical()).append(g.known() ? "" : " (unknown)").append(", ")
                            .append(Notation.line(g.squares()));
                }
            }
        }
        return sb.toString();
    }

    /** A dozen random opening lines of 20 moves, so that games share their first moves as real ones do. */
    private static SampleBase.Openings openings(SplittableRandom rnd) {
        List<int[]> lines = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            int[] line = new int[SampleBase.OPENING_MOVES];
            Position p = Position.start();
            Symmetry s = Symmetry.startPreserving()[rnd.nextInt(4)];
            for (int k = 0; k < line.length; k++) {
                long legal = p.legalMoves();
                int skip = rnd.nextInt(Long.bitCount(legal));
                for (int j = 0; j < skip; j++) {
                    legal &= legal - 1;
                }
                line[k] = Long.numberOfTrailingZeros(legal);
                p = p.play(line[k]);
            }
            for (int k = 0; k < line.length; k++) {
                line[k] = s.apply(line[k]);
            }
            lines.add(line);
        }
        return new SampleBase.Openings(lines);
    }

    /** Writes a year's games again, with a new date (a new release) and, when asked, unknown theoretical scores. */
    private static void rewrite(Path from, Path to, int year, boolean unknown) throws IOException {
        List<WthorGame> games = new ArrayList<>();
        WthorHeader h;
        try (WthorReader r = WthorReader.open(from)) {
            h = r.header();
            r.games().forEach(games::add);
        }
        Files.createDirectories(to.getParent());
        Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
        try (WthorWriter w = WthorWriter.create(tmp, WthorKind.GAMES_8, WthorHeader.forGames(
                unknown ? h.creationDate() : h.creationDate().plusYears(10), h.n1(), h.gameYear(), 8, unknown ? 0 : h.depth()))) {
            for (WthorGame g : games) {
                w.write(unknown ? g.withTheoreticalScore(0) : g);
            }
        }
        Files.move(tmp, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** Gives a few games of a file an illegal move (a square taken already), as damaged files have them; how many. */
    private static int damage(Path file, SplittableRandom rnd) throws IOException {
        List<WthorGame> games = new ArrayList<>();
        WthorHeader h;
        try (WthorReader r = WthorReader.open(file)) {
            h = r.header();
            r.games().forEach(games::add);
        }
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            int k = rnd.nextInt(games.size());
            WthorGame g = games.get(k);
            int[] sq = g.squares();
            if (sq.length < 12) {
                continue;
            }
            int at = 1 + rnd.nextInt(sq.length - 1);
            sq[at] = sq[rnd.nextInt(at)]; // taken already
            games.set(k, WthorGame.of(g.tournament(), g.black(), g.white(), g.blackScore(), g.theoreticalScore(), sq, 8));
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (WthorWriter w = WthorWriter.create(tmp, WthorKind.GAMES_8, h)) {
            games.forEach(w::write);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return n;
    }

    /** Imports the files into one of the states a store can be in, and says which. */
    private static String load(Engine db, SplittableRandom rnd, Path root, List<Path> names, List<Path> wtb)
            throws IOException {
        Importer.Options o = Importer.Options.defaults();
        List<Path> all = new ArrayList<>(names);
        all.addAll(wtb);
        switch (rnd.nextInt(4)) {
            case 0 -> {
                db.importFiles(all, o, m -> { });
                return "imported at once";
            }
            case 1 -> {
                db.importFiles(names, o, m -> { });
                for (Path f : wtb) {
                    db.importFiles(List.of(f), o, m -> { });
                }
                return "imported file by file";
            }
            default -> {
                int cut = 1 + rnd.nextInt(wtb.size() - 1);
                List<Path> first = new ArrayList<>(names);
                first.addAll(wtb.subList(0, cut));
                db.importFiles(first, o, m -> { });
                db.optimize(false, m -> { });
                db.importFiles(wtb.subList(cut, wtb.size()), o, m -> { });
                if (rnd.nextBoolean()) {
                    return "the first " + cut + " years merged, the others imported after";
                }
                Path old = wtb.get(rnd.nextInt(cut));
                Path release = root.resolve("release").resolve(old.getFileName());
                rewrite(old, release, 0, false);
                db.importFiles(List.of(release), o, m -> { });
                return "the first " + cut + " years merged, the others imported after, " + old.getFileName()
                        + " released again";
            }
        }
    }

    /** Every game of the folder read with the codecs and replayed, with the names files beside them. */
    private static List<Game> replay(Path dir) {
        org.thordb.testing.PlainScan scan = new org.thordb.testing.PlainScan(dir);
        Map<String, Boolean> knownByFile = new HashMap<>();
        Map<String, List<WthorGame>> byFile = new HashMap<>();
        for (var g : scan.games()) {
            byFile.computeIfAbsent(g.file(), f -> new ArrayList<>()).add(g.game());
        }
        for (var e : byFile.entrySet()) {
            int depth;
            try (WthorReader r = WthorReader.open(dir.resolve(e.getKey()))) {
                depth = r.header().depth();
            }
            boolean allZero = e.getValue().stream().allMatch(g -> g.theoreticalScore() == 0);
            boolean allFinal = e.getValue().stream().allMatch(g -> g.theoreticalScore() == g.blackScore());
            knownByFile.put(e.getKey(), !(allZero && depth == 0) && !(allFinal && e.getValue().size() >= 8));
        }
        List<Game> out = new ArrayList<>();
        for (var g : scan.games()) {
            int[] sq = g.game().squares();
            List<Position> played = new ArrayList<>();
            Replay.replay(sq, (ply, p) -> played.add(p));
            Position[] boards = played.toArray(new Position[0]);
            Set<Position> canonical = new HashSet<>();
            for (Position p : boards) {
                canonical.add(p.canonical());
            }
            out.add(new Game(g.year(), g.record(), g.black(), g.white(), g.tournament(), g.game().blackScore(),
                    g.game().theoreticalScore(), knownByFile.get(g.file()), sq, boards, canonical));
        }
        return out;
    }

    /** Draws queries: atoms taken from the base's own games (so that many match), nested with and, or and not. */
    private static final class QueryMaker {
        private final SplittableRandom rnd;
        private final List<Game> games;
        private final int firstYear;
        private final int years;
        private final int perYear;

        private final List<Game> odd;

        QueryMaker(SplittableRandom rnd, List<Game> games, int firstYear, int years, int perYear) {
            this.rnd = rnd;
            this.games = games;
            this.odd = games.stream().filter(g -> g.plies() < g.moves() || g.moves() < 60).toList();
            this.firstYear = firstYear;
            this.years = years;
            this.perYear = perYear;
        }

        Atom expr(int depth) {
            int r = rnd.nextInt(10);
            if (depth >= 3 || r < 4) {
                return atom();
            }
            if (r < 9) {
                Atom a = expr(depth + 1);
                Atom b = expr(depth + 1);
                boolean and = r < 7;
                return new Atom("(" + a.text() + ")" + (and ? " and " : " or ") + "(" + b.text() + ")",
                        and ? g -> a.test().test(g) && b.test().test(g) : g -> a.test().test(g) || b.test().test(g));
            }
            Atom a = expr(depth + 1);
            return new Atom("not (" + a.text() + ")", g -> !a.test().test(g));
        }

        /** A game of the base: one in four times one of its odd ones (damaged, stopped early), where edges lie. */
        private Game game() {
            if (!odd.isEmpty() && rnd.nextInt(4) == 0) {
                return odd.get(rnd.nextInt(odd.size()));
            }
            return games.get(rnd.nextInt(games.size()));
        }

        private String drawOp() {
            return OPS[rnd.nextInt(OPS.length)];
        }

        Atom atom() {
            return switch (rnd.nextInt(17)) {
                case 0 -> name();
                case 1 -> part();
                case 2 -> tournament();
                case 3, 4 -> number();
                case 5 -> fieldWithField();
                case 6 -> theoreticalKnown();
                case 7 -> result();
                case 8 -> opening();
                case 9 -> positionLine();
                case 10 -> positionBoard();
                case 11 -> pattern().atom();
                case 12 -> rnd.nextBoolean() ? pattern().atom() : sequence();
                case 13 -> count().atom();
                case 14 -> square().atom();
                case 15 -> new Atom("base = \"club\"", g -> true);
                default -> range();
            };
        }

        private Atom name() {
            Game g = game();
            String n = rnd.nextBoolean() ? g.black() : g.white();
            String written = rnd.nextInt(4) == 0 ? n.toUpperCase(Locale.ROOT) : n;
            String f = fold(n);
            return switch (rnd.nextInt(3)) {
                case 0 -> new Atom("player = \"" + written + "\"", x -> fold(x.black()).equals(f) || fold(x.white()).equals(f));
                case 1 -> new Atom("black = \"" + written + "\"", x -> fold(x.black()).equals(f));
                default -> new Atom("white = \"" + written + "\"", x -> fold(x.white()).equals(f));
            };
        }

        private String partOf(String name) {
            String w = fold(name).split(" ")[0];
            int len = Math.min(w.length(), 2 + rnd.nextInt(3));
            int at = rnd.nextInt(w.length() - len + 1);
            return w.substring(at, at + len);
        }

        private Atom part() {
            Game g = game();
            String p = partOf(rnd.nextBoolean() ? g.black() : g.white());
            return switch (rnd.nextInt(3)) {
                case 0 -> new Atom("player ~ \"" + p + "\"", x -> fold(x.black()).contains(p) || fold(x.white()).contains(p));
                case 1 -> new Atom("black ~ \"" + p.toUpperCase(Locale.ROOT) + "\"", x -> fold(x.black()).contains(p));
                default -> new Atom("white ~ \"" + p + "\"", x -> fold(x.white()).contains(p));
            };
        }

        private Atom tournament() {
            String t = game().tournament();
            if (rnd.nextBoolean()) {
                String f = fold(t);
                return new Atom("tournament = \"" + t + "\"", x -> fold(x.tournament()).equals(f));
            }
            String p = partOf(t.substring("Open de ".length()));
            return new Atom("tournament ~ \"" + p + "\"", x -> fold(x.tournament()).contains(p));
        }

        /** A field and a value near the values the base holds. */
        private Atom number() {
            String op = drawOp();
            Game g = game();
            return switch (rnd.nextInt(5)) {
                case 0 -> {
                    int v = firstYear - 1 + rnd.nextInt(years + 2);
                    yield new Atom("year " + op + " " + v, x -> op(op, x.year(), v));
                }
                case 1 -> {
                    int v = Math.max(0, Math.min(64, g.score() + rnd.nextInt(5) - 2));
                    yield new Atom("score " + op + " " + v, x -> op(op, x.score(), v));
                }
                case 2 -> {
                    int v = Math.max(0, Math.min(64, g.theoretical() + rnd.nextInt(5) - 2));
                    yield new Atom("theoretical " + op + " " + v, x -> x.known() && op(op, x.theoretical(), v));
                }
                case 3 -> {
                    int v = rnd.nextInt(4) == 0 ? 60 : g.moves();
                    yield new Atom("moves " + op + " " + v, x -> op(op, x.moves(), v));
                }
                default -> {
                    int v = rnd.nextInt(perYear + 1);
                    yield new Atom("record " + op + " " + v, x -> op(op, x.record(), v));
                }
            };
        }

        private Atom range() {
            if (rnd.nextBoolean()) {
                int a = firstYear - 1 + rnd.nextInt(years + 2);
                int b = a + rnd.nextInt(3);
                return new Atom("year in " + a + ".." + b, x -> x.year() >= a && x.year() <= b);
            }
            int a = rnd.nextInt(60);
            int b = a + rnd.nextInt(10);
            return new Atom("score in " + a + ".." + b, x -> x.score() >= a && x.score() <= b);
        }

        /** One field compared with another: the theoretical side holds only where the score is known. */
        private Atom fieldWithField() {
            String[] fields = {"score", "theoretical", "moves", "year", "record"};
            String a = fields[rnd.nextInt(fields.length)];
            String b = fields[rnd.nextInt(fields.length)];
            if (a.equals(b)) {
                b = a.equals("score") ? "theoretical" : "score";
            }
            String op = drawOp();
            String fa = a;
            String fb = b;
            boolean theo = a.equals("theoretical") || b.equals("theoretical");
            return new Atom(a + " " + op + " " + b, x -> (!theo || x.known()) && op(op, value(x, fa), value(x, fb)));
        }

        private static int value(Game g, String field) {
            return switch (field) {
                case "score" -> g.score();
                case "theoretical" -> g.theoretical();
                case "moves" -> g.moves();
                case "record" -> g.record();
                default -> g.year();
            };
        }

        private Atom theoreticalKnown() {
            return switch (rnd.nextInt(3)) {
                case 0 -> new Atom("theoretical = known", Game::known);
                case 1 -> new Atom("theoretical = unknown", x -> !x.known());
                default -> new Atom("theoretical != known", x -> !x.known());
            };
        }

        private Atom result() {
            return switch (rnd.nextInt(3)) {
                case 0 -> new Atom("result = black", x -> x.score() > 32);
                case 1 -> new Atom("result = white", x -> x.score() < 32);
                default -> new Atom("result = draw", x -> x.score() == 32);
            };
        }

        /** The first moves of a game, in one of the 4 orientations that keep the start. */
        private Atom opening() {
            Game g = game();
            int n = Math.min(g.plies(), 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 14));
            Symmetry s = Symmetry.startPreserving()[rnd.nextInt(4)];
            int[] line = new int[n];
            for (int i = 0; i < n; i++) {
                line[i] = s.apply(g.squares()[i]);
            }
            return new Atom("opening = " + Notation.line(line), x -> beginsWith(x, line));
        }

        private static boolean beginsWith(Game g, int[] line) {
            if (g.moves() < line.length) {
                return false;
            }
            for (Symmetry s : Symmetry.startPreserving()) {
                boolean all = true;
                for (int i = 0; i < line.length && all; i++) {
                    all = s.apply(line[i]) == g.squares()[i];
                }
                if (all) {
                    return true;
                }
            }
            return false;
        }

        private Atom positionLine() {
            Game g = game();
            int n = Math.min(g.plies(), 1 + rnd.nextInt(24));
            int[] line = java.util.Arrays.copyOf(g.squares(), n);
            Position p = g.boards()[n].canonical();
            return new Atom("position = " + Notation.line(line), x -> x.canonical().contains(p));
        }

        private Atom positionBoard() {
            Game g = game();
            int n = rnd.nextInt(g.plies() + 1);
            Position p = g.boards()[n];
            Position c = p.canonical();
            return new Atom("position = \"" + p.transform(Symmetry.values()[rnd.nextInt(8)]).toBoardString() + "\"",
                    x -> x.canonical().contains(c));
        }

        private Window window(Game g) {
            int n = g.plies();
            return switch (rnd.nextInt(5)) {
                case 0 -> new Window("", 0, 60, false);
                case 1 -> {
                    int k = rnd.nextInt(n + 1);
                    yield new Window("at move " + k, k, k, false);
                }
                case 2 -> {
                    int k = 1 + rnd.nextInt(60);
                    yield new Window("before move " + k, 0, k - 1, false);
                }
                case 3 -> {
                    int a = rnd.nextInt(55);
                    int b = a + rnd.nextInt(61 - a);
                    yield new Window("from move " + a + " to move " + b, a, b, false);
                }
                default -> new Window("at end", 0, 60, true);
            };
        }

        private static char content(Position p, int sq) {
            long m = 1L << sq;
            return (p.black() & m) != 0 ? 'X' : (p.white() & m) != 0 ? 'O' : '-';
        }

        private static int side(Position p) {
            return p.toMove() == Side.BLACK ? 0 : p.toMove() == Side.WHITE ? 1 : 2;
        }

        /** Squares of a region of the board a pattern names: a corner, an edge, a diagonal, a few anywhere. */
        private List<Integer> region() {
            List<Integer> out = new ArrayList<>();
            switch (rnd.nextInt(5)) {
                case 0 -> { // a 3×3 corner
                    for (int r = 0; r < 3; r++) {
                        for (int c = 0; c < 3; c++) {
                            out.add(r * 8 + c);
                        }
                    }
                }
                case 1 -> { // an edge
                    for (int c = 0; c < 8; c++) {
                        out.add(c);
                    }
                }
                case 2 -> { // a corner and its C-squares
                    out.addAll(List.of(0, 1, 8));
                }
                case 3 -> { // the long diagonal
                    for (int i = 0; i < 8; i++) {
                        out.add(i * 9);
                    }
                }
                default -> {
                    int k = 2 + rnd.nextInt(8);
                    while (out.size() < k) {
                        int sq = rnd.nextInt(64);
                        if (!out.contains(sq)) {
                            out.add(sq);
                        }
                    }
                }
            }
            Symmetry s = Symmetry.values()[rnd.nextInt(8)];
            out.replaceAll(s::apply);
            return out;
        }

        /** A pattern or board: a region of some game's board at some move, sometimes with a square changed. */
        private BoardAtom pattern() {
            Game g = game();
            Position p = g.boards()[rnd.nextInt(g.plies() + 1)];
            char[] pat = new char[64];
            java.util.Arrays.fill(pat, '?');
            List<Integer> region = region();
            for (int sq : region) {
                pat[sq] = content(p, sq);
            }
            if (rnd.nextInt(3) == 0) {
                int sq = region.get(rnd.nextInt(region.size()));
                pat[sq] = "XO-".charAt(rnd.nextInt(3));
            }
            int side = rnd.nextInt(4) == 0 ? side(p) == 2 ? 0 : side(p) : -1;
            boolean any = rnd.nextInt(3) != 0;
            Window w = window(g);
            // the replay's own reading: the pattern's 8 images (or the one), compared square by square
            List<char[]> images = new ArrayList<>();
            for (Symmetry s : any ? Symmetry.values() : new Symmetry[] {Symmetry.IDENTITY}) {
                char[] img = new char[64];
                for (int i = 0; i < 64; i++) {
                    img[s.apply(i)] = pat[i];
                }
                images.add(img);
            }
            String text = (any ? "pattern" : "board") + " = \"" + new String(pat) + (side < 0 ? "" : side == 0 ? " X" : " O")
                    + "\"" + (w.text().isEmpty() ? "" : " " + w.text());
            return new BoardAtom(text, w, (x, k) -> {
                Position b = x.boards()[k];
                if (side >= 0 && side(b) != side) {
                    return false;
                }
                for (char[] img : images) {
                    boolean all = true;
                    for (int i = 0; i < 64 && all; i++) {
                        all = img[i] == '?' || img[i] == content(b, i);
                    }
                    if (all) {
                        return true;
                    }
                }
                return false;
            });
        }

        private BoardAtom count() {
            Game g = game();
            Window w = window(g);
            String op = drawOp();
            String[] what = {"discs(black)", "discs(white)", "empties", "corners(black)", "corners(white)",
                "mobility(black)", "mobility(white)", "frontier(black)", "frontier(white)"};
            int kind = rnd.nextInt(what.length);
            Position at = g.boards()[rnd.nextInt(g.plies() + 1)];
            java.util.function.ToIntFunction<Position> f = b -> switch (kind) {
                case 0 -> Long.bitCount(b.black());
                case 1 -> Long.bitCount(b.white());
                case 2 -> 64 - Long.bitCount(b.black() | b.white());
                case 3 -> Long.bitCount(b.black() & 0x8100000000000081L);
                case 4 -> Long.bitCount(b.white() & 0x8100000000000081L);
                case 5 -> BoardCounts.mobility(b, true);
                case 6 -> BoardCounts.mobility(b, false);
                case 7 -> BoardCounts.frontier(b, true);
                default -> BoardCounts.frontier(b, false);
            };
            int v = Math.max(0, f.applyAsInt(at) + rnd.nextInt(3) - 1);
            String ws = w.text().isEmpty() ? "" : " " + w.text();
            String text = rnd.nextBoolean() ? what[kind] + ws + " " + op + " " + v : what[kind] + " " + op + " " + v + ws;
            return new BoardAtom(text, w, (x, k) -> op(op, f.applyAsInt(x.boards()[k]), v));
        }

        /** Two or three board conditions one after the other ({@code then}), each gap bounded or not. */
        private Atom sequence() {
            int n = 2 + rnd.nextInt(2);
            List<BoardAtom> steps = new ArrayList<>();
            int[] within = new int[n - 1];
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < n; i++) {
                BoardAtom b = switch (rnd.nextInt(3)) {
                    case 0 -> pattern();
                    case 1 -> count();
                    default -> square();
                };
                steps.add(b);
                if (i > 0) {
                    within[i - 1] = rnd.nextBoolean() ? 60 : 1 + rnd.nextInt(12);
                    text.append(" then ");
                }
                text.append(b.text());
                if (i > 0 && within[i - 1] < 60) {
                    text.append(" within ").append(within[i - 1]).append(within[i - 1] == 1 ? " move" : " moves");
                }
            }
            return new Atom(text.toString(), g -> chain(g, steps, within));
        }

        /** Whether the steps hold one after the other: move by move, the moves each step can be reached at. */
        private static boolean chain(Game g, List<BoardAtom> steps, int[] within) {
            int n = g.plies();
            boolean[] reached = null;
            for (int i = 0; i < steps.size(); i++) {
                BoardAtom b = steps.get(i);
                boolean[] now = new boolean[n + 1];
                for (int k = 0; k <= n; k++) {
                    if (!b.allows(g, k) || !b.at().test(g, k)) {
                        continue;
                    }
                    if (i == 0) {
                        now[k] = true;
                    } else {
                        for (int d = 1; d <= within[i - 1] && d <= k && !now[k]; d++) {
                            now[k] = reached[k - d];
                        }
                    }
                }
                reached = now;
            }
            for (boolean r : reached) {
                if (r) {
                    return true;
                }
            }
            return false;
        }

        private BoardAtom square() {
            Game g = game();
            Window w = window(g);
            int sq = rnd.nextInt(64);
            int c = rnd.nextInt(3);
            boolean eq = rnd.nextBoolean();
            char want = "XO-".charAt(c);
            String text = "square " + Notation.name(sq) + (eq ? " = " : " != ") + new String[] {"black", "white", "empty"}[c]
                    + (w.text().isEmpty() ? "" : " " + w.text());
            return new BoardAtom(text, w, (x, k) -> (content(x.boards()[k], sq) == want) == eq);
        }
    }
}
