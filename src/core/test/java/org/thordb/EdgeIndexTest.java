package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.index.EdgePatterns;
import org.thordb.index.Field;
import org.thordb.ingest.Importer;
import org.thordb.othello.Replay;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlan;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.sample.SampleBase;
import org.thordb.store.Catalog;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.PlainScan;
import org.thordb.testing.RealStore;
import org.thordb.testing.Seeded;
import org.thordb.testing.SharedData;

/**
 * The edge index of board patterns ({@link EdgePatterns}): its terms are those of a square-by-square
 * reading of the four edges, the same in every orientation; a pattern with three squares or more on
 * an edge takes its candidates from it and gives what a plain replay of every game gives (on a sample
 * and on the FFO base); a pattern on one edge at any move is answered by the index alone; a store made
 * before the index answers by replay, verifies clean, and gets the index from {@code optimize}.
 */
@ExtendWith(Seeded.class)
@org.thordb.testing.FullTier
class EdgeIndexTest {
    @TempDir
    Path tmp;

    /** The term of each edge read square by square, from either end: the smaller of the two numbers. */
    private static TreeSet<Integer> edgesBySquares(long black, long white) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int[] edge : EdgePatterns.EDGES) {
            int forward = 0;
            int backward = 0;
            for (int i = 7; i >= 0; i--) {
                forward = forward * 3 + content(black, white, edge[i]);
                backward = backward * 3 + content(black, white, edge[7 - i]);
            }
            out.add(Math.min(forward, backward));
        }
        return out;
    }

    private static int content(long black, long white, int sq) {
        return (black >>> sq & 1) != 0 ? 1 : (white >>> sq & 1) != 0 ? 2 : 0;
    }

    private static TreeSet<Integer> terms(long black, long white) {
        long[] seen = new long[(EdgePatterns.CODES + 63) / 64];
        EdgePatterns.addEdges(black, white, seen);
        TreeSet<Integer> out = new TreeSet<>();
        for (int t : EdgePatterns.terms(seen)) {
            out.add(t);
        }
        return out;
    }

    @Test
    void theTermsAreTheEdgesReadSquareBySquareInEveryOrientation(SplittableRandom rnd) {
        for (int n = 0; n < 20_000; n++) {
            long taken = rnd.nextLong() & rnd.nextLong() | (n % 3 == 0 ? 0x8100000000000081L : 0);
            long black = taken & rnd.nextLong();
            long white = taken & ~black;
            TreeSet<Integer> want = edgesBySquares(black, white);
            assertEquals(want, terms(black, white), "board " + Long.toHexString(black) + "/" + Long.toHexString(white));
            for (Symmetry s : Symmetry.values()) {
                assertEquals(want, terms(s.apply(black), s.apply(white)), "turned by " + s);
            }
        }
        // a partial edge's terms: every configuration whose one reading or the other fits it
        for (int n = 0; n < 300; n++) {
            int[] spec = new int[8];
            for (int i = 0; i < 8; i++) {
                spec[i] = rnd.nextInt(5) < 2 ? -1 : rnd.nextInt(3);
            }
            TreeSet<Integer> want = new TreeSet<>();
            for (int code = 0; code < EdgePatterns.CODES; code++) {
                int[] digits = new int[8];
                for (int i = 0, x = code; i < 8; i++, x /= 3) {
                    digits[i] = x % 3;
                }
                boolean fits = true;
                boolean fitsBack = true;
                for (int i = 0; i < 8; i++) {
                    fits &= spec[i] < 0 || spec[i] == digits[i];
                    fitsBack &= spec[i] < 0 || spec[i] == digits[7 - i];
                }
                if (fits || fitsBack) {
                    want.add(EdgePatterns.canonical(code));
                }
            }
            assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(), EdgePatterns.matching(spec),
                    java.util.Arrays.toString(spec));
        }
    }

    /** Every board of every game of a plain scan, replayed with {@link Replay}: Black's, White's discs and the side to move. */
    private record Boards(List<PlainScan.Game> games, List<long[]> black, List<long[]> white, List<int[]> side) {
        static Boards of(PlainScan scan) {
            return of(scan.games());
        }

        static Boards of(List<PlainScan.Game> games) {
            List<long[]> b = new ArrayList<>();
            List<long[]> w = new ArrayList<>();
            List<int[]> s = new ArrayList<>();
            for (PlainScan.Game g : games) {
                List<long[]> ps = new ArrayList<>();
                Replay.replay(g.game().squares(), (ply, p) -> ps.add(new long[] {p.black(), p.white(),
                        p.toMove() == Side.BLACK ? 0 : p.toMove() == Side.WHITE ? 1 : 2}));
                b.add(ps.stream().mapToLong(x -> x[0]).toArray());
                w.add(ps.stream().mapToLong(x -> x[1]).toArray());
                s.add(ps.stream().mapToInt(x -> (int) x[2]).toArray());
            }
            return new Boards(games, b, w, s);
        }
    }

    /** A pattern query and how many games a plain replay finds for it. */
    private record Case(String query, long want, boolean oneEdge, boolean border, boolean anyMove) {
    }

    /**
     * Patterns made from real boards: an edge (3 to 8 of its squares), a 3×3 corner, or an edge
     * and a square inside; sometimes a square changed, turned by a random symmetry, at any move, at
     * a move or between two, sometimes with the side to move; counted by a plain replay square by square.
     */
    private static List<Case> cases(Boards boards, SplittableRandom rnd, int n) {
        List<Case> out = new ArrayList<>();
        while (out.size() < n) {
            int gi = rnd.nextInt(boards.games().size());
            long[] bs = boards.black().get(gi);
            if (bs.length < 2) {
                continue;
            }
            int ply = rnd.nextInt(bs.length);
            long black = bs[ply];
            long white = boards.white().get(gi)[ply];
            List<Integer> squares = new ArrayList<>();
            int kind = rnd.nextInt(4);
            if (kind == 3) { // the border round a corner: two edges
                squares.addAll(List.of(0, 1, 2, 3, 8, 16, 24));
            } else if (kind == 1) {
                for (int r = 0; r < 3; r++) {
                    for (int c = 0; c < 3; c++) {
                        squares.add(r * 8 + c);
                    }
                }
            } else {
                int[] edge = EdgePatterns.EDGES[rnd.nextInt(4)];
                int keep = 3 + rnd.nextInt(6);
                List<Integer> all = new ArrayList<>();
                for (int sq : edge) {
                    all.add(sq);
                }
                while (squares.size() < keep) {
                    squares.add(all.remove(rnd.nextInt(all.size())));
                }
                if (kind == 2) {
                    squares.add(9 + rnd.nextInt(6) + 8 * rnd.nextInt(6)); // a square inside
                }
            }
            char[] pat = new char[64];
            java.util.Arrays.fill(pat, '?');
            for (int sq : squares) {
                pat[sq] = "-XO".charAt(content(black, white, sq));
            }
            if (rnd.nextInt(4) == 0) {
                pat[squares.get(rnd.nextInt(squares.size()))] = "-XO".charAt(rnd.nextInt(3));
            }
            Symmetry turn = Symmetry.values()[rnd.nextInt(8)];
            char[] turned = new char[64];
            for (int i = 0; i < 64; i++) {
                turned[turn.apply(i)] = pat[i];
            }
            int from;
            int to;
            String window;
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    from = 0;
                    to = 60;
                    window = "";
                }
                case 1 -> {
                    from = ply;
                    to = ply;
                    window = " at move " + ply;
                }
                default -> {
                    from = Math.max(0, ply - rnd.nextInt(10));
                    to = Math.min(60, ply + rnd.nextInt(10));
                    window = " from move " + from + " to move " + to;
                }
            }
            int side = rnd.nextInt(5) == 0 ? rnd.nextInt(2) : -1;
            String text = "pattern = \"" + new String(turned) + (side < 0 ? "" : side == 0 ? " X" : " O") + "\"" + window;
            out.add(new Case(text, want(boards, turned, from, to, side), kind == 0, kind == 0 || kind == 3,
                    window.isEmpty() && side < 0));
        }
        return out;
    }

    /** The games whose board shows a pattern (any orientation) at one of the moves {@code from} to {@code to}, square by square. */
    private static long want(Boards boards, char[] turned, int from, int to, int side) {
        long want = 0;
        for (int g = 0; g < boards.games().size(); g++) {
            long[] b = boards.black().get(g);
            long[] w = boards.white().get(g);
            int[] s = boards.side().get(g);
            boolean found = false;
            for (int k = from; k <= Math.min(to, b.length - 1) && !found; k++) {
                if (side >= 0 && s[k] != side) {
                    continue;
                }
                for (Symmetry sym : Symmetry.values()) {
                    boolean all = true;
                    for (int i = 0; i < 64 && all; i++) {
                        char c = turned[i];
                        all = c == '?' || "-XO".charAt(content(b[k], w[k], sym.apply(i))) == c;
                    }
                    if (all) {
                        found = true;
                        break;
                    }
                }
            }
            want += found ? 1 : 0;
        }
        return want;
    }

    /** The check of a plan whose last part is a board condition. */
    private static QueryPlan.Check check(Engine db, String query) {
        QueryPlan p = db.read(r -> QueryPlanner.plan(QueryParser.parse(query), r).plan());
        if (p instanceof QueryPlan.And a) {
            p = a.children().get(a.children().size() - 1);
        }
        return (QueryPlan.Check) p;
    }

    /**
     * Checks each case against the store; returns how many read the edge index, how many checked
     * their candidates on the edges without it, how many went through the border's slices first,
     * how many the slices answered alone, and how many had exactly the games whose border fits replayed.
     */
    private static int[] agree(Engine db, List<Case> cases, boolean indexed, String where) {
        int read = 0;
        int direct = 0;
        int plied = 0;
        int alone = 0;
        int bordered = 0;
        long edgeOnly = 0;
        long edgeOnlyReplayed = 0;
        for (Case c : cases) {
            assertEquals(c.want(), Games.count(db, c.query()), where + ": " + c.query());
            QueryPlan.Check k = check(db, c.query());
            if (k.plied() >= 0) {
                plied++;
                assertTrue(k.plied() >= c.want(), where + ": the border's slices keep every game, " + c.query());
            }
            if (k.pliedAlone()) { // an edge whose discs have an empty square beside them: the slices' games are the answer
                alone++;
                assertTrue(k.exact() && !k.indexRead() && k.replayed() == 0, where + ": " + c.query());
                continue;
            }
            if (k.pliedBorder()) { // the slices' games are those whose border fits: each replayed for the rest
                bordered++;
                assertTrue(!k.exact() && !k.indexRead() && k.replayed() == k.plied(), where + ": " + c.query());
                continue;
            }
            if (!indexed) {
                assertFalse(k.indexRead(), where + ": no edge index to read, " + c.query());
                continue;
            }
            assertTrue(k.edgeCandidates() >= c.want(), where + ": the edge index was read, " + c.query());
            read += k.indexRead() ? 1 : 0;
            direct += k.indexRead() ? 0 : 1;
            if (c.oneEdge() && c.anyMove() && k.indexRead()) {
                assertTrue(k.exact(), where + ": one edge at any move is the index alone, " + c.query());
            } else if (c.border() && !c.query().contains(" X\"") && !c.query().contains(" O\"")) {
                // the border at some moves: settled on the edges, but for the games with a pass before
                edgeOnly += k.edgeCandidates();
                edgeOnlyReplayed += k.replayed();
            } else {
                assertTrue(k.replayed() <= k.edgeCandidates(), where + ": only the index's candidates replayed, " + c.query());
            }
        }
        if (indexed) {
            assertTrue(edgeOnlyReplayed * 2 <= edgeOnly, where + ": one edge at some moves, " + edgeOnlyReplayed
                    + " of " + edgeOnly + " candidates replayed");
        }
        return new int[] {read, direct, plied, alone, bordered};
    }

    /** A sample of CLUB's years from 1990 written to {@code files} and imported into a new store, whose folder it returns. */
    private Path sample(Path files, int years, int games, SplittableRandom rnd) {
        SampleBase.write(files, "CLUB", 1990, years, games, rnd.nextLong());
        Path db = tmp.resolve("db");
        try (Engine e = Engine.open(db)) {
            e.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        return db;
    }

    @Test
    void theEdgesMoveByMoveAreTheBoardsEdges(SplittableRandom rnd) {
        Path files = tmp.resolve("files");
        Path db = sample(files, 2, 400, rnd);
        PlainScan scan = new PlainScan(files);
        int[] passes = {0};
        long[] plies = {0};
        try (Engine e = Engine.openReadOnly(db)) {
            e.read(r -> {
                // a few games read for one query, before the whole table is made: the same moves
                RoaringBitmap some = new RoaringBitmap();
                r.all().forEach((int id) -> {
                    if (rnd.nextInt(30) == 0) {
                        some.add(id);
                    }
                });
                // no game at all (a conjunction that left none): nothing to read, and no error
                assertTrue(org.thordb.index.GameMoves.of(r, new RoaringBitmap()) instanceof org.thordb.index.SomeGames);
                org.thordb.index.GameMoves few = org.thordb.index.GameMoves.of(r, some);
                assertTrue(few instanceof org.thordb.index.SomeGames, "a twentieth of the games or fewer: read alone");
                org.thordb.index.MoveTable t = org.thordb.index.MoveTable.of(r);
                assertTrue(org.thordb.index.GameMoves.of(r, some) instanceof org.thordb.index.MoveTable, "once made, the table");
                some.forEach((int id) -> {
                    int upTo = rnd.nextInt(61);
                    assertEquals(t.firstPass(id) >= upTo, few.passFree(id, upTo));
                    assertEquals(t.side(id), few.side(id));
                    assertEquals(t.moveCount(id), few.moveCount(id));
                    assertEquals(t.firstPass(id), few.firstPass(id));
                    assertArrayEquals(Arrays.copyOfRange(t.moves(), t.offset(id), t.offset(id) + t.moveCount(id)),
                            Arrays.copyOfRange(few.moves(), few.offset(id), few.offset(id) + few.moveCount(id)));
                });
                int[] ids = r.all().toArray();
                assertEquals(scan.games().size(), ids.length);
                java.util.Map<Long, PlainScan.Game> byKey = new java.util.HashMap<>();
                for (PlainScan.Game g : scan.games()) {
                    byKey.put((long) g.year() << 20 | g.record(), g);
                }
                for (int i = 0; i < ids.length; i++) {
                    int id = ids[i];
                    org.thordb.store.GameRow row = r.game(id);
                    PlainScan.Game game = byKey.get((long) row.year() << 20 | row.record());
                    // the first pass as the Position replay says it: a player moves twice in a row
                    List<Side> movers = new ArrayList<>();
                    Replay.replay(game.game().squares(), (ply, p) -> movers.add(p.toMove()));
                    int pass = org.thordb.index.MoveTable.NO_PASS;
                    for (int k = 1; k < movers.size() - 1; k++) {
                        if (movers.get(k) == movers.get(k - 1)) {
                            pass = k;
                            break;
                        }
                    }
                    // asked first for its first moves only (what a pattern at a move needs), then whole
                    int upTo = rnd.nextInt(61);
                    assertEquals(pass >= upTo, t.passFree(id, upTo), "game " + i + ", no pass before move " + upTo);
                    assertEquals(pass, t.firstPass(id), "game " + i + " of " + t.moveCount(id) + " moves, movers " + movers);
                    int again = rnd.nextInt(61);
                    assertEquals(pass >= again, t.passFree(id, again), "game " + i + ", no pass before move " + again);
                    passes[0] += pass != org.thordb.index.MoveTable.NO_PASS ? 1 : 0;
                    long[] board = new long[3];
                    for (int ply = 0; ply <= Math.min(t.moveCount(id), pass); ply++) {
                        assertTrue(t.boardAfter(id, ply, board));
                        TreeSet<Integer> have = new TreeSet<>();
                        for (int x : EdgePatterns.termsAt(t.moves(), id * org.thordb.index.MoveTable.MOVES, ply)) {
                            have.add(x);
                        }
                        assertEquals(edgesBySquares(board[0], board[1]), have, "game " + i + " after " + ply + " moves");
                        plies[0]++;
                    }
                }
                return null;
            });
        }
        assertTrue(passes[0] > 0, "some games have a pass");
        assertTrue(plies[0] > 10_000);
    }

    @Test
    void patternsOnTheEdgesAgreeWithAPlainReplayOfASample(SplittableRandom rnd) {
        Path files = tmp.resolve("files");
        Path db = sample(files, 4, 300, rnd);
        Boards boards = Boards.of(new PlainScan(files));
        List<Case> cases = cases(boards, rnd, 60);
        try (Engine e = Engine.openReadOnly(db)) {
            agree(e, cases, true, "imported");
        }

        // a store made before the edge index: no terms, no mark; answered by replay, verified clean
        try (Store s = RocksStore.open(db); Store.View v = s.view(); Store.Batch b = s.batch()) {
            v.scan(Store.Space.TERMS, new byte[] {Field.EDGE.code()}, new byte[] {(byte) (Field.EDGE.code() + 1)}, (k, val) -> {
                b.delete(Store.Space.TERMS, k.clone());
                return true;
            });
            b.delete(Store.Space.META, Catalog.EDGES_KEY);
            b.commit();
        }
        Path more = tmp.resolve("more");
        SampleBase.write(more, "MORE", 1994, 1, 200, rnd.nextLong());
        try (Engine e = Engine.open(db)) {
            agree(e, cases, false, "before the edge index");
            // a file imported now writes its terms; verify neither expects nor checks them yet
            e.importFiles(List.of(more), Importer.Options.defaults(), m -> { });
            List<String> lines = new ArrayList<>();
            assertEquals(0, e.verify(false, lines::add).problems(), String.join("\n", lines));
            assertNull(e.read(r -> r.meta(Catalog.EDGES_KEY)));
            e.optimize(false, m -> { });
            assertNotNull(e.read(r -> r.meta(Catalog.EDGES_KEY)), "optimize wrote the edge index");
            assertEquals(0, e.verify(false, lines::add).problems(), String.join("\n", lines));
        }
        // the cases again, on the first four years (the fifth year's games are another file)
        try (Engine e = Engine.openReadOnly(db)) {
            List<Case> within = new ArrayList<>();
            for (Case c : cases) {
                within.add(new Case(c.query() + " and year < 1994", c.want(), c.oneEdge(), c.border(), c.anyMove()));
            }
            for (Case c : within) {
                assertEquals(c.want(), Games.count(e, c.query()), "after optimize: " + c.query());
                QueryPlan.Check k = check(e, c.query());
                assertTrue(k.edgeCandidates() >= 0 || k.pliedAlone() || k.pliedBorder(), "after optimize the index or the slices are read: " + c.query());
            }
        }
        // a changed edge term is what verify finds and repairs
        try (Store s = RocksStore.open(db); Store.View v = s.view(); Store.Batch b = s.batch()) {
            byte[][] first = {null};
            v.scan(Store.Space.TERMS, new byte[] {Field.EDGE.code()}, new byte[] {(byte) (Field.EDGE.code() + 1)}, (k, val) -> {
                first[0] = k.clone();
                return false;
            });
            b.delete(Store.Space.TERMS, first[0]);
            b.commit();
        }
        try (Engine e = Engine.open(db)) {
            List<String> lines = new ArrayList<>();
            assertTrue(e.verify(false, lines::add).problems() > 0, "a missing edge term is found");
            e.verify(true, lines::add);
            lines.clear();
            assertEquals(0, e.verify(false, lines::add).problems(), String.join("\n", lines));
        }
    }

    @Test
    void patternsOnTheEdgesAgreeWithAPlainReplayOfTheFfoBase(SplittableRandom rnd) {
        Assumptions.assumeTrue(SharedData.hasWthor(), "skipped: ../shared/data/wthor is not there");
        Boards boards = Boards.of(RealStore.scan());
        List<Case> cases = new ArrayList<>(cases(boards, rnd, 40));
        // and, once the cases above made the move table, an edge whose discs stand beside empty
        // squares, which the border's slices answer alone
        char[] edge = ("-X????X-" + "?".repeat(56)).toCharArray();
        cases.add(new Case("pattern = \"" + new String(edge) + "\" at move 30", want(boards, edge, 30, 30, -1), true, true, false));
        cases.add(new Case("pattern = \"" + new String(edge) + "\" from move 20 to move 40", want(boards, edge, 20, 40, -1),
                true, true, false));
        // the border round a corner, its discs joined to the corner (the slices alone), and the 3×3
        // corner, whose border fits exactly and whose X-square is replayed (and locked by that border)
        for (String shape : new String[] {"XXX?????X???????X", "XXX?????XO??????X", "OOO?????OX??????O", "XX??????XO"}) {
            char[] p = (shape + "?".repeat(64 - shape.length())).toCharArray();
            cases.add(new Case("pattern = \"" + new String(p) + "\" at move 30", want(boards, p, 30, 30, -1), false, true, false));
            cases.add(new Case("pattern = \"" + new String(p) + "\" from move 20 to move 40", want(boards, p, 20, 40, -1),
                    false, true, false));
        }
        int[] whole = agree(RealStore.db(), cases, true, "FFO base");
        assertTrue(whole[0] > 0, "the whole base reads the edge index");
        assertTrue(whole[2] > 0, "the whole base reads the border's slices once a board was asked for");
        assertTrue(whole[3] > 0, "some patterns are the slices' games alone");
        assertTrue(whole[4] > 0, "some patterns have exactly the games whose border fits replayed");
        // the same, each border check in two halves side by side (as at a million games and more)
        System.setProperty("thordb.edgesInHalvesFrom", "2");
        try {
            agree(RealStore.db(), cases.subList(0, 12), true, "FFO base, in halves");
        } finally {
            System.clearProperty("thordb.edgesInHalvesFrom");
        }
        // under a player, the player's games are checked on their edges without reading the index
        String player = "Tastet Marc";
        List<PlainScan.Game> his = RealStore.scan().games().stream()
                .filter(g -> g.black().equals(player) || g.white().equals(player)).toList();
        assertFalse(his.isEmpty());
        List<Case> under = new ArrayList<>();
        for (Case c : cases(Boards.of(his), rnd, 20)) {
            under.add(new Case("player = \"" + player + "\" and " + c.query(), c.want(), c.oneEdge(), c.border(), c.anyMove()));
        }
        assertTrue(agree(RealStore.db(), under, true, "FFO base, one player")[1] > 0, "a player's games are checked directly");
    }
}
