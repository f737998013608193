package org.thordb;

/**
 * What removing a base did ({@link ThorDb#removeBase}), and what the verification of the whole
 * store after it found.
 *
 * <p>Usage: {@code Removal r = db.removeBase("SAMPLE"); System.out.println(r.games() + " games removed");}
 *
 * @param base the base removed
 * @param games its games
 * @param files its game and names files
 * @param verifiedGames the games the store holds after it, each checked
 * @param verifiedEntries the index entries checked after it
 * @param problems what the verification found wrong (0: none; a removal that leaves any fails instead)
 */
public record Removal(String base, long games, long files, long verifiedGames, long verifiedEntries, long problems) {
}
