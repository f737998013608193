/**
 * The rules: 8×8 bitboards (legal moves, flips, passes, the end), the 8 symmetries of the board and
 * canonical positions, replay of WTHOR move lists with automatic passes, a 10×10 board for
 * {@code .wtd} games, and move and board notations.
 *
 * <pre>{@code
 * Position p = Replay.replay(Notation.parseLine("f5d6c3"), null).finalPosition();
 * System.out.print(p.draw(p.legalMoves(), (char) 42));
 * Position same = Replay.replay(Notation.parseLine("e6f4c3"), null).finalPosition();
 * assert p.canonical().equals(same.canonical());
 * }</pre>
 */
package org.thordb.othello;
