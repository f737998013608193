package org.thordb.othello;

/**
 * Who moves next in a {@link Position}: Black, White, or nobody when the game is over.
 *
 * <p>Usage: {@code if (position.toMove() == Side.NONE) System.out.println("final position");}
 */
public enum Side {
    /** Black moves next. */
    BLACK,
    /** White moves next. */
    WHITE,
    /** Neither side can move: the position is final. */
    NONE;

    /** The other player; NONE stays NONE. */
    public Side opponent() {
        return this == BLACK ? WHITE : this == WHITE ? BLACK : NONE;
    }
}
