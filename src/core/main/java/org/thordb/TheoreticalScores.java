package org.thordb;

/**
 * A base's theoretical scores among a query's games ({@link ThorDb#theoreticalScores}): how many
 * are known, and how many of those a fill wrote.
 *
 * <p>Usage: {@code for (TheoreticalScores t : db.theoreticalScores(Query.ALL)) System.out.println(t.base() + ": " + t.unknown() + " unknown");}
 *
 * @param base the base's name
 * @param games its games the query matches
 * @param known of those, the games whose theoretical score is known
 * @param filled the games of its files whose score a fill wrote
 */
public record TheoreticalScores(String base, long games, long known, long filled) {
    /** The games whose score is unknown. */
    public long unknown() {
        return games - known;
    }
}
