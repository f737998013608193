package org.thordb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;

/**
 * An 8×8 Othello position, to draw and to play on: where a line of moves leads, or a board given
 * square by square. A value; each move answers a new board. Its {@link #text()} is the position as
 * every question of the front takes it (the explorer, the solver, {@code position =} queries).
 *
 * <p>Usage: {@code Board b = Board.of("f5d6c3").play("d3"); System.out.print(b.drawing()); db.json().exploreDocument(Query.ALL, b.text(), "", ExploreSettings.DEFAULT, "", "", "games", "table");}
 */
public final class Board {
    private static final Board START = new Board(Position.start(), false);

    private final Position position;
    /** Whether the move that led here made the opponent pass, so that a line may write that pass. */
    private final boolean passDue;

    private Board(Position position, boolean passDue) {
        this.position = position;
        this.passDue = passDue;
    }

    /** The start: four discs in the centre, Black to move. */
    public static Board start() {
        return START;
    }

    /**
     * The position a line of moves reaches from the start ({@code f5d6c3}, {@code f5 d6 c3}, passes
     * written or not; blank: the start), or a board: 64 squares a1…h8 of {@code X} (Black), {@code O}
     * (White) and {@code -}, then the side to move.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} for text that is neither, or
     *     {@link ErrorCode#ILLEGAL_MOVE} naming the move of the line that is not legal, its number and why
     */
    public static Board of(String lineOrBoard) {
        String t = Checks.notNull(lineOrBoard, "the line or board").strip();
        return ThorDb.guard(() -> t.isEmpty() ? START
                : t.matches("(?s)[XxOo*.\\-]{64}.*") ? new Board(Position.parseBoard(t), false)
                : new Board(Position.afterLine(t), false));
    }

    /** A position as the front shows it. */
    static Board at(Position p) {
        return new Board(p, false);
    }

    /** The position underneath, for the front's own calls. */
    Position position() {
        return position;
    }

    /**
     * The boards after each move of a line played from this one ({@code f5d6c3}; a {@code pass}
     * written where the side to move cannot move is taken and skipped): one board a move, the last
     * one where the line ends.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} for a word that is not a move;
     *     {@link ErrorCode#ILLEGAL_MOVE} for a move that is not legal where it comes, saying why
     */
    public List<Board> line(String moves) {
        String m = Checks.notNull(moves, "the moves");
        return ThorDb.guard(() -> {
            List<Board> out = new ArrayList<>();
            Board at = this;
            int number = 0;
            boolean due = passDue;
            for (int sq : Notation.parseMoves(m)) {
                number++;
                Position from = at.position;
                if (sq == Notation.PASS) {
                    if (!due) {
                        throw illegal(number, "pass", from.toMove() == Side.NONE ? "the game is over" : "a move is legal");
                    }
                    due = false;
                    continue;
                }
                String why = from.whyIllegal(sq);
                if (why != null) {
                    throw illegal(number, Notation.name(sq), why);
                }
                Position next = from.play(sq);
                due = next.toMove() == from.toMove();
                at = new Board(next, due);
                out.add(at);
            }
            return out;
        });
    }

    /** The first move that is not legal: named alone, or with its number in the line. */
    private static ThorDbException illegal(int number, String move, String why) {
        return Faults.of(ErrorCode.ILLEGAL_MOVE, (number == 1 ? move : "move " + number + ", " + move)
                + " is not legal here: " + why);
    }

    /**
     * The board after a move ({@code d3}), or after a line of them.
     *
     * @throws ThorDbException as {@link #line} does, and with {@link ErrorCode#BAD_NOTATION} for no move at all
     */
    public Board play(String moves) {
        List<Board> after = line(moves);
        if (after.isEmpty()) {
            if (Checks.notNull(moves, "the moves").strip().matches("(?i)pass|pa|@@")) {
                return new Board(position, false); // a pass where one was due: the same board
            }
            throw Faults.of(ErrorCode.BAD_NOTATION, "no move to play in '" + Faults.quote(moves) + "'");
        }
        return after.get(after.size() - 1);
    }

    /** The side to move: {@code black}, {@code white}, or {@code none} when the game is over. */
    public String toMove() {
        return position.toMove().name().toLowerCase(Locale.ROOT);
    }

    /** Whether neither side can move. */
    public boolean isOver() {
        return position.toMove() == Side.NONE;
    }

    /** The legal moves of the side to move, in square order a1…h8 (none when the game is over). */
    public List<String> legalMoves() {
        List<String> out = new ArrayList<>();
        for (long m = position.legalMoves(); m != 0; m &= m - 1) {
            out.add(Notation.name(Long.numberOfTrailingZeros(m)));
        }
        return out;
    }

    /**
     * Why a move is not legal here ({@code the square is occupied}, {@code the move flips no
     * disc}…); empty when it is legal.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} for text that is not a square a1…h8
     */
    public Optional<String> whyIllegal(String square) {
        String s = Checks.notNull(square, "the square").strip().toLowerCase(Locale.ROOT);
        return ThorDb.guard(() -> Optional.ofNullable(position.whyIllegal(Notation.square(s))));
    }

    /** Black's discs. */
    public int blackDiscs() {
        return position.blackDiscs();
    }

    /** White's discs. */
    public int whiteDiscs() {
        return position.whiteDiscs();
    }

    /** The empty squares. */
    public int empties() {
        return 64 - position.discs();
    }

    /**
     * The position as the front's questions take it: 64 squares a1…h8 of {@code X}, {@code O} and
     * {@code -}, a space, and the side to move ({@code X} or {@code O}; {@code X} when the game is over).
     */
    public String text() {
        return position.toBoardString();
    }

    /**
     * The board drawn for a terminal: a row a line under the columns' letters, {@code X} Black,
     * {@code O} White, {@code *} a legal move, {@code .} empty; then the side to move and the discs.
     */
    public String drawing() {
        return position.draw(position.legalMoves(), '*');
    }

    /** Equal boards have the same discs and the same side to move, however they were reached. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Board b && b.position.equals(position);
    }

    @Override
    public int hashCode() {
        return position.hashCode();
    }

    @Override
    public String toString() {
        return text();
    }
}
