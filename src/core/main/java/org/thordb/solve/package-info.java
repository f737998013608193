/**
 * Exact endgame solving on 8×8 bitboards: {@link org.thordb.solve.Solver} gives a position's final
 * disc difference under perfect play (empties to the winner, WTHOR's convention), a best move, every
 * move's score, or only the outcome; {@link org.thordb.solve.TheoreticalScore} the WTHOR theoretical
 * score of a game; {@link org.thordb.solve.ObfLine} reads the FFO suite's {@code .obf} lines. No
 * store is needed.
 *
 * <pre>{@code
 * Position p = Position.parseBoard("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
 * Solver.Result r = Solver.solve(p);               // +18, g8: FFO #1
 * Solver.OutcomeResult o = Solver.outcome(p);      // WIN
 * }</pre>
 */
package org.thordb.solve;
