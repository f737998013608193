package org.thordb;

import org.thordb.othello.Notation;
import org.thordb.query.exec.SolitaireFilter;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;

/**
 * A stored solitaire (a WTHOR solitaire file's record: a position to solve, from a real game),
 * its players' names resolved in its own base.
 *
 * <p>Usage: {@code for (Solitaire s : db.solitaires("empties = 20")) System.out.println(s.position() + " " + s.solution());}
 *
 * @param base the base's name ({@code ?} when the store no longer has it)
 * @param empties the empties of its file
 * @param record its record number in that file, from 0
 * @param year the year the record gives
 * @param black Black's name ({@code #N} when the names file has no player N)
 * @param white White's name
 * @param blackToMove whether Black is to move (else White)
 * @param solution the stored best score for the side to move
 * @param firstMove the stored best first move ({@code ?} when the byte names no square)
 * @param realScore the score the game really ended with
 * @param position the position, 64 squares of {@code X} (Black), {@code O} (White) and {@code -}, then the side to move
 * @param problem why it is flagged (damaged, or contradicted by the solver), or null
 */
public record Solitaire(String base, int empties, int record, int year, String black, String white,
                        boolean blackToMove, int solution, String firstMove, int realScore, String position,
                        String problem) {

    /** A stored solitaire as the front shows it. */
    static Solitaire of(SolitaireRow r, Catalog c) {
        WthorSolitaire s = r.solitaire();
        Catalog.Base b = c.base(r.base());
        int fm = WthorSquares.toSquare(s.firstMove(), 8);
        return new Solitaire(b == null ? "?" : b.name(), r.empties(), r.record(), s.year(), name(b, s.blackPlayer()),
                name(b, s.whitePlayer()), s.toMove() == 1, s.solutionScore(), fm < 0 ? "?" : Notation.name(fm),
                s.realScore(), SolitaireFilter.position(r).toBoardString(), r.reason());
    }

    private static String name(Catalog.Base b, long number) {
        String n = b == null ? null : b.player((int) number);
        return n == null ? "#" + number : n;
    }
}
