/**
 * The WTHOR file formats of the Fédération Française d'Othello, read and written byte for byte:
 * game files ({@code .wtb} 8×8, {@code .wtd} 10×10), solitaires ({@code .pzz}) and names
 * ({@code .JOU}, {@code .TRN}). Readers stream and check each file, naming the byte offset of what
 * is wrong; writers give back identical files.
 *
 * <pre>{@code
 * try (WthorReader r = WthorReader.open(Path.of("WTH_2015.wtb"))) {
 *     for (WthorGame g : r.games()) System.out.println(g.blackScore() + " " + g.moveCount());
 * }
 * NameList players = NameList.read(Path.of("WTHOR.JOU"));
 * }</pre>
 */
package org.thordb.wthor;
