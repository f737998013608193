package org.thordb.othello;

import java.util.ArrayList;
import java.util.List;
import java.util.Arrays;

/**
 * A 10×10 Othello board, enough to replay and validate the games of {@code .wtd} files. Squares
 * are numbered row × 10 + col from 0 (a1 = 0, j1 = 9, a10 = 90); the start position has e5 and f6
 * white, f5 and e6 black, Black to move, so that every game begins with g6 as the format says.
 *
 * <p>Usage: {@code Board10.Result r = Board10.replay(squares, n); int score = r.wthorScore();}
 */
public final class Board10 {
    private static final int N = 10;
    private static final int[][] DIRS = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    /** 0 empty, 1 black, 2 white. */
    private final byte[] cells = new byte[N * N];
    private int toMove = 1;

    private Board10() {
    }

    /** The start position. */
    public static Board10 start() {
        Board10 b = new Board10();
        b.cells[4 * N + 4] = 2; // e5
        b.cells[4 * N + 5] = 1; // f5
        b.cells[5 * N + 4] = 1; // e6
        b.cells[5 * N + 5] = 2; // f6
        return b;
    }

    /**
     * The board as bits, square {@code i} at bit {@code i % 64} of word {@code i / 64}:
     * {Black's squares 0–63, Black's 64–99, White's 0–63, White's 64–99}.
     */
    public long[] bits() {
        long[] b = new long[4];
        for (int sq = 0; sq < N * N; sq++) {
            if (cells[sq] != 0) {
                b[(cells[sq] == 1 ? 0 : 2) + sq / 64] |= 1L << (sq % 64);
            }
        }
        return b;
    }

    /** A board from {@link #bits()} and the side to move (1 Black, 2 White). */
    public static Board10 of(long[] bits, int toMove) {
        Board10 b = new Board10();
        for (int sq = 0; sq < N * N; sq++) {
            long m = 1L << (sq % 64);
            if ((bits[sq / 64] & m) != 0) {
                b.cells[sq] = 1;
            } else if ((bits[2 + sq / 64] & m) != 0) {
                b.cells[sq] = 2;
            }
        }
        b.toMove = toMove;
        return b;
    }

    /**
     * Replays a game until its board is the position {@code bits} under one of the 8 symmetries,
     * with {@code sideToMove} to move: returns the number of moves played then, and puts in
     * {@code turn[0]} the symmetry that takes the game's board to {@code bits}; −1 when the game
     * never reaches it. The 8 boards to look for are made once, so each move costs one comparison
     * a symmetry, not a canonical form.
     */
    public static int meeting(int[] squares, long[] bits, int sideToMove, Symmetry10[] turn) {
        Symmetry10[] all = Symmetry10.values();
        long[][] wanted = new long[all.length][];
        for (int k = 0; k < all.length; k++) {
            wanted[k] = all[k].inverse().apply(bits);
        }
        Board10 b = start();
        for (int i = 0; ; i++) {
            if (b.sideToMove() == sideToMove) {
                long[] now = b.bits();
                for (int k = 0; k < all.length; k++) {
                    if (Arrays.equals(now, wanted[k])) {
                        turn[0] = all[k];
                        return i;
                    }
                }
            }
            if (i >= squares.length || squares[i] < 0 || b.play(squares[i]) != null) {
                return -1;
            }
        }
    }

    /** The colour on a square: 0 empty, 1 black, 2 white. */
    public int at(int square) {
        return cells[square];
    }

    /** 1 when Black moves next, 2 when White does. */
    public int toMove() {
        return toMove;
    }

    /** The number of discs of a colour (1 black, 2 white). */
    public int count(int colour) {
        int n = 0;
        for (byte c : cells) {
            if (c == colour) {
                n++;
            }
        }
        return n;
    }

    private int flipCount(int square, int me, boolean doFlip) {
        int r0 = square / N;
        int c0 = square % N;
        int total = 0;
        for (int[] d : DIRS) {
            int r = r0 + d[0];
            int c = c0 + d[1];
            int run = 0;
            while (r >= 0 && r < N && c >= 0 && c < N && cells[r * N + c] == 3 - me) {
                r += d[0];
                c += d[1];
                run++;
            }
            if (run > 0 && r >= 0 && r < N && c >= 0 && c < N && cells[r * N + c] == me) {
                total += run;
                if (doFlip) {
                    for (int k = 1; k <= run; k++) {
                        cells[(r0 + k * d[0]) * N + c0 + k * d[1]] = (byte) me;
                    }
                }
            }
        }
        return total;
    }

    /** The legal moves of a colour, in square order. */
    public List<Integer> legalMoves(int colour) {
        List<Integer> out = new ArrayList<>();
        for (int sq = 0; sq < N * N; sq++) {
            if (cells[sq] == 0 && flipCount(sq, colour, false) > 0) {
                out.add(sq);
            }
        }
        return out;
    }

    /** Whether neither side can move. */
    public boolean isOver() {
        return legalMoves(1).isEmpty() && legalMoves(2).isEmpty();
    }

    /**
     * The side that really moves next: 1 Black, 2 White (the other one when the side whose turn it
     * is has no move), 0 when neither can move.
     */
    public int sideToMove() {
        if (!legalMoves(toMove).isEmpty()) {
            return toMove;
        }
        return legalMoves(3 - toMove).isEmpty() ? 0 : 3 - toMove;
    }

    /**
     * Plays a move of the side to move (after any automatic pass); returns why it is illegal, or
     * null when it was played. An illegal move leaves the board as it was.
     */
    public String playMove(int square) {
        return play(square);
    }

    /** Why a move of the side to move (after any automatic pass) is illegal, or null. */
    private String play(int square) {
        if (square < 0 || square >= N * N) {
            return "not a square of the board";
        }
        if (legalMoves(toMove).isEmpty()) {
            if (legalMoves(3 - toMove).isEmpty()) {
                return "the game is over";
            }
            toMove = 3 - toMove;
        }
        if (cells[square] != 0) {
            return "the square is occupied";
        }
        if (flipCount(square, toMove, true) == 0) {
            return "the move flips no disc";
        }
        cells[square] = (byte) toMove;
        toMove = 3 - toMove;
        return null;
    }

    /**
     * The outcome of a 10×10 replay.
     *
     * @param black Black's discs at the end
     * @param white White's discs at the end
     * @param over whether neither side can move at the end
     * @param movesPlayed moves played
     * @param error the first illegal move, or null
     */
    public record Result(int black, int white, boolean over, int movesPlayed, Replay.IllegalMove error) {
        /** Black's score in the WTHOR convention: empties to the winner, split on a draw. */
        public int wthorScore() {
            int e = N * N - black - white;
            return black > white ? black + e : black < white ? black : black + e / 2;
        }
    }

    /** Replays the first {@code count} squares with automatic passes; stops at the first illegal one. */
    public static Result replay(int[] squares, int count) {
        Board10 b = start();
        for (int i = 0; i < count; i++) {
            String why = b.play(squares[i]);
            if (why != null) {
                int sq = squares[i] >= 0 && squares[i] < N * N ? squares[i] : -1;
                return new Result(b.count(1), b.count(2), b.isOver(), i,
                        new Replay.IllegalMove(i + 1, -1, (sq >= 0 ? Notation.name10(sq) + ": " : "") + why));
            }
        }
        return new Result(b.count(1), b.count(2), b.isOver(), count, null);
    }
}
