package org.thordb;

/**
 * A release of a year's file that an import replaced, kept so that {@link ThorDb#undo} can put it
 * back (until {@link ThorDb#pruneReleases} deletes it).
 *
 * <p>Usage: {@code for (Release r : db.releases()) System.out.println(r.file() + " replaced " + r.replacedAt());}
 *
 * @param file the file's name
 * @param year its year
 * @param games its games
 * @param made the day the file says it was made ({@code yyyymmdd})
 * @param replacedAt when it was replaced (ISO-8601)
 * @param replacedBy what replaced it (the import's file)
 */
public record Release(String file, int year, long games, int made, String replacedAt, String replacedBy) {
}
