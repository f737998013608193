package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/**
 * The front's {@link Board}, what the REPL draws and plays on, against a plain board of this
 * test's own (an array of 64 squares, the eight directions walked one square at a time): on the
 * real games of the FFO base (every 25th, decoded here from their WTHOR bytes) and on a sample
 * base, every position's legal moves, discs and side to move, and the passes the games make.
 */
class BoardFrontTest {
    @TempDir
    Path tmp;

    /** A board with nothing shared with the library's rules: 1 Black, 2 White, 0 empty. */
    private static final class PlainBoard {
        final int[] cells = new int[64];
        int toMove = 1;

        PlainBoard() {
            cells[27] = 2;
            cells[28] = 1;
            cells[35] = 1;
            cells[36] = 2;
        }

        int flips(int sq, int side, boolean play) {
            if (cells[sq] != 0) {
                return 0;
            }
            int total = 0;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    if (dr == 0 && dc == 0) {
                        continue;
                    }
                    int r = sq / 8 + dr;
                    int c = sq % 8 + dc;
                    int n = 0;
                    while (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] == 3 - side) {
                        r += dr;
                        c += dc;
                        n++;
                    }
                    if (n > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] == side) {
                        total += n;
                        if (play) {
                            for (int k = 1; k <= n; k++) {
                                cells[(sq / 8 + dr * k) * 8 + sq % 8 + dc * k] = side;
                            }
                        }
                    }
                }
            }
            if (play && total > 0) {
                cells[sq] = side;
            }
            return total;
        }

        List<String> legal(int side) {
            List<String> out = new ArrayList<>();
            for (int sq = 0; sq < 64; sq++) {
                if (flips(sq, side, false) > 0) {
                    out.add(name(sq));
                }
            }
            return out;
        }

        /** Plays a move; answers whether the opponent then passes. */
        boolean play(String move) {
            int sq = (move.charAt(1) - '1') * 8 + (move.charAt(0) - 'a');
            assertTrue(flips(sq, toMove, true) > 0, move + " is legal on the plain board");
            if (!legal(3 - toMove).isEmpty()) {
                toMove = 3 - toMove;
                return false;
            }
            if (legal(toMove).isEmpty()) {
                toMove = 0;
            }
            return toMove != 0;
        }

        int count(int side) {
            int n = 0;
            for (int c : cells) {
                n += c == side ? 1 : 0;
            }
            return n;
        }

        static String name(int sq) {
            return "" + (char) ('a' + sq % 8) + (char) ('1' + sq / 8);
        }
    }

    /** A game's moves from its WTHOR record: a byte a move, 10 × row + column, 0 after the last. */
    private static List<String> moves(byte[] record) {
        List<String> out = new ArrayList<>();
        for (int i = 8; i < 68 && record[i] != 0; i++) {
            int b = record[i] & 0xff;
            out.add("" + (char) ('a' + b % 10 - 1) + (char) ('0' + b / 10));
        }
        return out;
    }

    /**
     * Replays one game on both boards, checking each position; answers the passes it made, or -1
     * for a game whose record has a move the plain board refuses (a damaged record).
     */
    private static int replay(List<String> moves) {
        PlainBoard plain = new PlainBoard();
        Board board = Board.start();
        StringBuilder withPasses = new StringBuilder();
        int passes = 0;
        for (String m : moves) {
            if (!plain.legal(plain.toMove).contains(m)) {
                return -1;
            }
            assertEquals(plain.legal(plain.toMove), board.legalMoves(), "legal moves before " + m);
            board = board.play(m);
            withPasses.append(m);
            if (plain.play(m)) {
                passes++;
                withPasses.append(" pass ");
            }
            assertEquals(plain.count(1), board.blackDiscs(), "Black's discs after " + m);
            assertEquals(plain.count(2), board.whiteDiscs(), "White's discs after " + m);
            assertEquals(plain.toMove == 1 ? "black" : plain.toMove == 2 ? "white" : "none", board.toMove(), "after " + m);
            assertEquals(board.isOver(), plain.toMove == 0);
        }
        String line = String.join("", moves);
        assertEquals(board, Board.of(line), "the line read at once");
        assertEquals(board, Board.of(board.text()), "the board's text read back");
        assertEquals(board, Board.of(withPasses.toString()), "the line with its passes written");
        List<Board> each = Board.start().line(withPasses.toString());
        assertEquals(moves.size(), each.size(), "a board a move, the passes skipped");
        assertEquals(board.legalMoves().size(), board.drawing().chars().filter(c -> c == '*').count(), "legal moves marked");
        assertEquals(64 - board.blackDiscs() - board.whiteDiscs(), board.empties());
        return passes;
    }

    @Test
    void theRealGamesReplayAsAPlainBoardPlaysThem() {
        PlainScan scan = new PlainScan(SharedData.dir("wthor"));
        int games = 0;
        int passes = 0;
        int damaged = 0;
        for (int i = 0; i < scan.games().size(); i += 25) {
            int p = replay(moves(scan.games().get(i).game().bytes()));
            if (p < 0) {
                damaged++;
            } else {
                games++;
                passes += p;
            }
        }
        System.out.println("BoardFrontTest: " + games + " real games replayed (" + damaged + " damaged records left), "
                + passes + " passes");
        assertTrue(games > 4000, "games replayed: " + games);
        assertTrue(passes > 0, "some games pass");
    }

    @Test
    void aSampleBasesGamesReplayAsAPlainBoardPlaysThem() {
        Path folder = tmp.resolve("sample");
        int games = 0;
        for (Path f : ThorDb.writeSampleBase(folder, "CLUB", 2001, 1, 300, 5L)) {
            if (!f.getFileName().toString().endsWith(".wtb")) {
                continue;
            }
            for (PlainScan.Game g : new PlainScan(folder).games()) {
                assertTrue(replay(moves(g.game().bytes())) >= 0, "a sample game replays: " + g);
                games++;
            }
        }
        assertEquals(300, games);
    }

    @Test
    void aQuerysPositionsAndTheRefusals() {
        assertEquals(List.of(Board.of("f5d6c3"), Board.of("f5d6")),
                Query.parse("position = f5d6c3 or (year > 2000 and opening = f5d6)").positions());
        assertEquals(List.of(), Query.parse("year > 2000").positions());
        assertEquals(List.of(), Query.ALL.positions());
        assertEquals(Board.start(), Board.of(""));
        assertEquals(List.of("d3", "c4", "f5", "e6"), Board.start().legalMoves());

        ThorDbException e = assertThrows(ThorDbException.class, () -> Board.start().play("a1"));
        assertEquals(ErrorCode.ILLEGAL_MOVE, e.code());
        assertEquals("a1 is not legal here: the move flips no disc", e.getMessage());
        e = assertThrows(ThorDbException.class, () -> Board.start().line("f5f5"));
        assertEquals("move 2, f5 is not legal here: the square is occupied", e.getMessage());
        e = assertThrows(ThorDbException.class, () -> Board.start().line("f5 pass"));
        assertEquals("move 2, pass is not legal here: a move is legal", e.getMessage());
        assertEquals(ErrorCode.BAD_NOTATION, assertThrows(ThorDbException.class, () -> Board.start().play("")).code());
        assertEquals(ErrorCode.BAD_NOTATION, assertThrows(ThorDbException.class, () -> Board.start().whyIllegal("z9")).code());
        assertEquals(ErrorCode.BAD_NOTATION, assertThrows(ThorDbException.class, () -> Board.of("nonsense")).code());
        assertEquals("the square is occupied", Board.start().whyIllegal("d4").orElseThrow());
        assertTrue(Board.start().whyIllegal("f5").isEmpty());
    }
}
