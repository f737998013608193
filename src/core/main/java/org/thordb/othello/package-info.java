/**
 * The rules: 8×8 bitboards (legal moves, flips, passes, the end), the 8 symmetries of the board and
 * canonical positions, replay of WTHOR move lists with automatic passes, a 10×10 board for
 * {@code .wtd} games, and move and board notations.
 *
 * <pre>{@code
 * Position p = Position.afterLine("f5d6c3");
 * System.out.print(p.draw(p.legalMoves(), (char) 42));
 * Position same = Position.afterLine("e6f4c3");
 * assert p.canonical().equals(same.canonical());
 * }</pre>
 */
package org.thordb.othello;
