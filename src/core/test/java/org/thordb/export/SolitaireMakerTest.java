package org.thordb.export;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;

/**
 * Solitaires made from games, against an exhaustive minimax without pruning written here: the
 * same positions found, the same solutions, every field of the written {@code .PZZ} file.
 */
@org.thordb.testing.FullTier
class SolitaireMakerTest {
    @TempDir
    Path tmp;

    /** Exact final disc difference for the side to move, empties to the winner: every move tried. */
    private static int minimax(Position p) {
        if (p.toMove() == Side.NONE) {
            int b = p.blackDiscs();
            int w = p.whiteDiscs();
            int e = 64 - b - w;
            return b > w ? b - w + e : b < w ? b - w - e : 0; // Black's view
        }
        int best = Integer.MIN_VALUE;
        for (long legal = p.legalMoves(); legal != 0; legal &= legal - 1) {
            int m = Long.numberOfTrailingZeros(legal);
            best = Math.max(best, forMover(p.play(m), p.toMove()));
        }
        return best;
    }

    /** A child's value for {@code s}. */
    private static int forMover(Position c, Side s) {
        int v = minimax(c);
        Side view = c.toMove() == Side.NONE ? Side.BLACK : c.toMove();
        return view == s ? v : -v;
    }

    /** The solitaire test by brute force: {first move, score} or null. */
    private static int[] brute(Position p) {
        Side s = p.toMove();
        Integer need = null; // 1 win, 0 draw
        int first = -1;
        Position c = p;
        while (c.toMove() != Side.NONE) {
            Map<Integer, Integer> scores = new HashMap<>();
            for (long legal = c.legalMoves(); legal != 0; legal &= legal - 1) {
                int m = Long.numberOfTrailingZeros(legal);
                scores.put(m, forMover(c.play(m), c.toMove()));
            }
            int move;
            if (c.toMove() == s) {
                long wins = scores.values().stream().filter(v -> v > 0).count();
                long draws = scores.values().stream().filter(v -> v == 0).count();
                int want;
                if (need == null) {
                    want = wins > 0 ? 1 : 0;
                    need = want;
                } else {
                    want = need;
                }
                if (want == 1 ? wins != 1 : wins != 0 || draws != 1) {
                    return null;
                }
                move = scores.entrySet().stream().filter(e -> want == 1 ? e.getValue() > 0 : e.getValue() == 0)
                        .findFirst().orElseThrow().getKey();
                if (first < 0) {
                    first = move;
                }
            } else {
                int best = scores.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
                move = scores.entrySet().stream().filter(e -> e.getValue() == best).mapToInt(Map.Entry::getKey).min()
                        .orElseThrow();
            }
            c = c.play(move);
        }
        return new int[] {first};
    }

    private static void check(Engine db, String query, int empties, Path out) throws IOException {
        SolitaireMaker maker = new SolitaireMaker(db, empties);
        long[] done = {0};
        SolitaireMaker.Made made = maker.make(query, 0, n -> done[0] += n);
        assertEquals(Games.count(db, query), done[0], "every game of the query told to the progress bar");
        // the brute-force answer over the same games, first game of each position kept
        Map<Position, StoredGame> firstGame = new java.util.LinkedHashMap<>();
        for (StoredGame g : Games.of(db, Games.select(db, query))) {
            Position p = SolitaireMaker.at(g.record68().squares(), empties);
            if (p != null) {
                firstGame.putIfAbsent(p.canonical(), g);
            }
        }
        assertEquals(firstGame.size(), made.candidates());
        Map<Position, int[]> expected = new HashMap<>();
        for (Map.Entry<Position, StoredGame> e : firstGame.entrySet()) {
            Position p = SolitaireMaker.at(e.getValue().record68().squares(), empties);
            int[] b = brute(p);
            if (b != null) {
                int exact = minimax(p);
                expected.put(e.getKey(), new int[] {b[0], exact});
            }
        }
        assertTrue(expected.size() > 0, "some solitaires to compare");
        assertEquals(expected.size(), made.found().size(), "the same solitaires as the brute force");
        for (SolitaireMaker.Found f : made.found()) {
            Position p = f.solitaire().position();
            int[] want = expected.get(p.canonical());
            assertTrue(want != null, "a solitaire the brute force does not know: " + p.toBoardString());
            assertEquals(want[0], f.solitaire().firstMove(), "first move");
            assertEquals(want[1], f.solitaire().score(), "exact score for the side to move");
            assertEquals(firstGame.get(p.canonical()).id(), f.game().id(), "the first game's fields");
        }
        Path file = maker.write(out, made.found(), LocalDate.of(2026, 11, 23), false);
        assertEquals(String.format("SOLITAIRES %02d.PZZ", empties), file.getFileName().toString());
        byte[] bytes = Files.readAllBytes(file);
        assertEquals(16 + 512 + 36 * made.found().size(), bytes.length);
        ByteBuffer presence = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> set = new ArrayList<>();
        for (int i = 0; i < 128; i++) { // Pascal Longints, 4 bytes: N1 at entry N2, counted from 1
            int v = presence.getInt(16 + 4 * i);
            if (v != 0) {
                set.add(i + 1);
                set.add(v);
            }
        }
        assertEquals(List.of(empties, made.found().size()), set, "one entry of the presence table: N1 at entry N2");
        try (WthorReader r = WthorReader.open(file)) {
            assertEquals(made.found().size(), r.header().n1());
            assertEquals(empties, r.header().n2());
            assertEquals(1, r.header().gameType(), "P2 = 1 in a solitaire file");
            assertTrue(r.warnings().isEmpty(), r.warnings().toString());
            int i = 0;
            for (WthorSolitaire s : r.solitaires()) {
                SolitaireMaker.Found f = made.found().get(i++);
                StoredGame g = f.game();
                Position p = f.solitaire().position();
                assertEquals(g.year(), s.year());
                assertEquals(g.record68().tournament(), s.tournament());
                assertEquals(g.record68().black(), s.blackPlayer());
                assertEquals(g.record68().white(), s.whitePlayer());
                assertEquals(p.black(), s.blackDiscs());
                assertEquals(p.white(), s.whiteDiscs());
                assertEquals(empties, s.empties());
                assertEquals(p.toMove() == Side.BLACK ? 1 : 2, s.toMove());
                assertEquals(f.solitaire().score(), s.solutionScore());
                int m = f.solitaire().firstMove();
                assertEquals(m % 8 + 1 + 10 * (m / 8 + 1), s.firstMove());
                assertEquals(g.score(), s.realScore());
                int m25 = g.record68().squares()[24];
                assertEquals(m25 % 8 + 1 + 10 * (m25 / 8 + 1), s.move25());
            }
        }
    }

    @Test
    void solitairesOfTheSampleBaseAreTheBruteForceOnes() throws IOException {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 150, 17L);
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            check(db, "", 8, tmp.resolve("out"));
        }
    }

    @Test
    void solitairesOfRealGamesAreTheBruteForceOnes() throws IOException {
        Path wthor = SharedData.dir("wthor");
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(wthor.resolve("WTH_2015.wtb"), wthor.resolve("WTHOR.JOU"), wthor.resolve("WTHOR.TRN")),
                    Importer.Options.defaults(), m -> { });
            check(db, "record < 400", 9, tmp.resolve("out"));
        }
    }
}
