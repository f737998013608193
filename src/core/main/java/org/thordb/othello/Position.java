package org.thordb.othello;

import org.thordb.fault.Faults;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * An 8×8 Othello position: the black discs, the white discs, and who moves next.
 *
 * <p>Positions are values. {@link #play(int)} returns the position after a move with the side to
 * move already settled: the opponent, or the same player again when the opponent must pass, or
 * {@link Side#NONE} when neither can move. {@link #of(long, long, Side)} settles a side the same way.
 *
 * <p>Usage: {@code Position p = Position.start().play(Notation.square("f5")); long moves = p.legalMoves();}
 *
 * @param black the black discs, bit {@code row * 8 + col}
 * @param white the white discs
 * @param toMove who moves next
 */
public record Position(long black, long white, Side toMove) {

    private static final Position START = new Position(
            (1L << 28) | (1L << 35), (1L << 27) | (1L << 36), Side.BLACK);

    /** Checks that no square holds two discs. */
    public Position {
        if ((black & white) != 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a square holds both a black and a white disc");
        }
        if (toMove == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "no side to move");
        }
    }

    /** The start position: d4 and e5 white, e4 and d5 black, Black to move. */
    public static Position start() {
        return START;
    }

    /**
     * A position with its side to move settled: if {@code side} has no move but the opponent has,
     * the opponent moves; if neither has, nobody does.
     */
    public static Position of(long black, long white, Side side) {
        Side s = side == Side.NONE ? Side.BLACK : side;
        long me = s == Side.BLACK ? black : white;
        long opp = s == Side.BLACK ? white : black;
        if (Bitboards.legalMoves(me, opp) == 0) {
            s = Bitboards.legalMoves(opp, me) != 0 ? s.opponent() : Side.NONE;
        }
        return new Position(black, white, s);
    }

    /**
     * The position a line of moves from the start reaches, every move checked: squares such as
     * {@code f5d6c3}, with or without the passes thordb's exports write ({@code f5 d6 … pass …}).
     * Use it to look a line up: an illegal move throws, where a replay that stops at the first
     * illegal move would quietly answer for the position before it.
     *
     * <p>Usage: {@code RoaringBitmap ids = db.position(Position.afterLine("f5d6c3"));}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} when a word is not a move, or
     *     {@link ErrorCode#ILLEGAL_MOVE} naming the move, its number and why
     */
    public static Position afterLine(String line) {
        return START.playLine(line, false);
    }

    /**
     * The position a line of moves reaches from this one, every move checked as in
     * {@link #afterLine(String)}; {@code passDue} says that the move that led here made the
     * opponent pass, so that the line may begin with that {@code pass}.
     */
    public Position playLine(String line, boolean passDue) {
        int[] moves = Notation.parseMoves(line);
        if (!passDue) { // the common case, a line of squares that replays: on bare bitboards, no allocation
            long[] state = {black, white, toMove == Side.BLACK ? 0 : toMove == Side.WHITE ? 1 : 2};
            boolean clean = true;
            for (int sq : moves) {
                if (sq == Notation.PASS || !Replay.step(state, sq)) {
                    clean = false;
                    break;
                }
            }
            if (clean) {
                return new Position(state[0], state[1], state[2] == 0 ? Side.BLACK : state[2] == 1 ? Side.WHITE : Side.NONE);
            }
        }
        Position p = this;
        int number = 0;
        for (int sq : moves) {
            number++;
            if (sq == Notation.PASS) {
                if (!passDue) {
                    throw Faults.of(ErrorCode.ILLEGAL_MOVE, "the line " + Faults.quote(line)
                            + " is not legal: move " + number + " pass: "
                            + (p.toMove == Side.NONE ? "the game is over" : "a move is legal here"));
                }
                passDue = false;
                continue;
            }
            String why = p.whyIllegal(sq);
            if (why != null) {
                throw Faults.of(ErrorCode.ILLEGAL_MOVE, "the line " + Faults.quote(line)
                        + " is not legal: move " + number + " " + Notation.name(sq) + ": " + why);
            }
            Side mover = p.toMove;
            p = p.playUnchecked(sq);
            passDue = p.toMove == mover;
        }
        return p;
    }

    /** The discs of the side to move (Black's when nobody moves). */
    public long mover() {
        return toMove == Side.WHITE ? white : black;
    }

    /** The discs of the other side. */
    public long opponent() {
        return toMove == Side.WHITE ? black : white;
    }

    /** The empty squares. */
    public long empty() {
        return ~(black | white);
    }

    /** The legal moves of the side to move, as a bitboard; 0 in a final position. */
    public long legalMoves() {
        return toMove == Side.NONE ? 0 : Bitboards.legalMoves(mover(), opponent());
    }

    /** Whether the side to move may play on the square. */
    public boolean isLegal(int square) {
        return (legalMoves() & (1L << square)) != 0;
    }

    /** Whether neither side can move. */
    public boolean isFinal() {
        return toMove == Side.NONE;
    }

    /**
     * The position after the side to move plays on {@code square}, with the next side settled.
     *
     * @throws ThorDbException with {@link ErrorCode#ILLEGAL_MOVE} and the reason when the move is illegal
     */
    public Position play(int square) {
        String why = whyIllegal(square);
        if (why != null) {
            throw Faults.of(ErrorCode.ILLEGAL_MOVE, Notation.name(square) + ": " + why);
        }
        return playUnchecked(square);
    }

    /** {@link #play(int)} for a move already known to be legal. */
    Position playUnchecked(int square) {
        long f = Bitboards.flips(mover(), opponent(), square) | (1L << square);
        long me = mover() | f;
        long opp = opponent() & ~f;
        return toMove == Side.BLACK ? of(me, opp, Side.WHITE) : of(opp, me, Side.BLACK);
    }

    /** Why a move is illegal here, or null when it is legal. */
    public String whyIllegal(int square) {
        if (square < 0 || square > 63) {
            return "not a square of the board";
        }
        if (toMove == Side.NONE) {
            return "the game is over";
        }
        if (((black | white) & (1L << square)) != 0) {
            return "the square is occupied";
        }
        if (Bitboards.flips(mover(), opponent(), square) == 0) {
            return "the move flips no disc";
        }
        return null;
    }

    /** The image of this position under a symmetry. */
    public Position transform(Symmetry s) {
        return new Position(s.apply(black), s.apply(white), toMove);
    }

    /**
     * The symmetry that takes this position to its canonical form: the image whose (black, white)
     * pair is smallest as unsigned numbers. Equal positions up to symmetry share a canonical form.
     */
    public Symmetry canonicalSymmetry() {
        Symmetry best = Symmetry.IDENTITY;
        long bb = black;
        long bw = white;
        for (Symmetry s : Symmetry.values()) {
            long b = s.apply(black);
            long w = s.apply(white);
            int c = Long.compareUnsigned(b, bb);
            if (c < 0 || (c == 0 && Long.compareUnsigned(w, bw) < 0)) {
                best = s;
                bb = b;
                bw = w;
            }
        }
        return best;
    }

    /** The canonical form of this position under the 8 symmetries, side to move unchanged. */
    public Position canonical() {
        return transform(canonicalSymmetry());
    }

    /** Black's discs. */
    public int blackDiscs() {
        return Long.bitCount(black);
    }

    /** White's discs. */
    public int whiteDiscs() {
        return Long.bitCount(white);
    }

    /**
     * Black's score in the WTHOR convention: Black's discs, with the empty squares going to the
     * winner and split on a draw.
     */
    public int wthorScore() {
        int b = blackDiscs();
        int w = whiteDiscs();
        int e = 64 - b - w;
        if (b > w) {
            return b + e;
        }
        if (b < w) {
            return b;
        }
        return b + e / 2;
    }

    /** The number of discs on the board. */
    public int discs() {
        return Long.bitCount(black | white);
    }

    /**
     * Reads the 64-character board string of Edax and the FFO endgame suite: squares a1…h1, a2…h8,
     * {@code X} (or {@code *}) black, {@code O} white, {@code -} (or {@code .}) empty, then optional
     * white space and the side to move ({@code X}/{@code O}, or {@code B}/{@code W}). The side is
     * settled as in {@link #of(long, long, Side)}.
     */
    public static Position parseBoard(String text) {
        if (text == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "no board string");
        }
        String t = text.trim();
        if (t.length() < 64) {
            throw Faults.of(ErrorCode.BAD_NOTATION,
                    "a board string has 64 squares then the side to move; got " + t.length() + " characters");
        }
        long b = 0;
        long w = 0;
        for (int i = 0; i < 64; i++) {
            char c = t.charAt(i);
            switch (Character.toUpperCase(c)) {
                case 'X', '*', 'B' -> b |= 1L << i;
                case 'O', 'W' -> w |= 1L << i;
                case '-', '.' -> { }
                default -> throw Faults.of(ErrorCode.BAD_NOTATION,
                        "board string: character " + (i + 1) + " '" + Faults.quote(String.valueOf(c))
                                + "' is not X, O or -");
            }
        }
        String rest = t.substring(64).trim();
        Side side;
        if (rest.isEmpty()) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "board string: the side to move (X or O) is missing");
        }
        switch (Character.toUpperCase(rest.charAt(0))) {
            case 'X', 'B', '*' -> side = Side.BLACK;
            case 'O', 'W' -> side = Side.WHITE;
            default -> throw Faults.of(ErrorCode.BAD_NOTATION,
                    "board string: side to move '" + Faults.quote(String.valueOf(rest.charAt(0)))
                            + "' is not X or O");
        }
        if (rest.length() > 1 && !Character.isWhitespace(rest.charAt(1)) && rest.charAt(1) != ';') {
            throw Faults.of(ErrorCode.BAD_NOTATION, "board string: unexpected text after the side to move");
        }
        return of(b, w, side);
    }

    /** The 64-character board string, a space, and {@code X} or {@code O} (Black when nobody moves). */
    public String toBoardString() {
        StringBuilder sb = new StringBuilder(66);
        for (int i = 0; i < 64; i++) {
            long m = 1L << i;
            sb.append((black & m) != 0 ? 'X' : (white & m) != 0 ? 'O' : '-');
        }
        return sb.append(' ').append(toMove == Side.WHITE ? 'O' : 'X').toString();
    }

    /**
     * The board drawn with coordinates, one row a line; {@code X} black, {@code O} white, {@code .}
     * empty, and {@code mark} on the squares of {@code marked}.
     */
    public String draw(long marked, char mark) {
        StringBuilder sb = new StringBuilder("  a b c d e f g h\n");
        for (int r = 0; r < 8; r++) {
            sb.append(r + 1);
            for (int c = 0; c < 8; c++) {
                long m = 1L << (r * 8 + c);
                sb.append(' ').append((black & m) != 0 ? 'X' : (white & m) != 0 ? 'O' : (marked & m) != 0 ? mark : '.');
            }
            sb.append('\n');
        }
        sb.append(switch (toMove) {
            case BLACK -> "X (Black) to move";
            case WHITE -> "O (White) to move";
            case NONE -> "game over";
        });
        return sb.append(", X ").append(blackDiscs()).append(" O ").append(whiteDiscs()).append('\n').toString();
    }
}
