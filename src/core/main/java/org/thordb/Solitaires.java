package org.thordb;

import java.nio.file.Path;

/**
 * What {@link ThorDb#makeSolitaires} made: the positions of a query's games at some empties whose
 * best move alone keeps the score, written as a WTHOR solitaires file.
 *
 * <p>Usage: {@code Solitaires s = db.makeSolitaires(Query.ALL, 20, 0, Path.of("out"), false, Progress.NONE); System.out.println(s.found() + " in " + s.file());}
 *
 * @param found the solitaires written
 * @param positions the positions checked (each once, up to symmetry)
 * @param games the games that reach a position of that many empties
 * @param file the file written ({@code SOLITAIRES NN.PZZ})
 */
public record Solitaires(int found, long positions, long games, Path file) {
}
