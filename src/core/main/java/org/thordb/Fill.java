package org.thordb;

/**
 * What a fill of theoretical scores did ({@link ThorDb#fillTheoretical(Query, int, int, Progress)}).
 *
 * <p>Usage: {@code Fill f = db.fillTheoretical(Query.ALL, 22, 2, Progress.NONE); System.out.println(f.filled() + " scores written");}
 *
 * @param selected the games asked for
 * @param known those whose score was known already (left as they are)
 * @param otherBoards 10×10 games (no theoretical score)
 * @param damaged damaged games (their moves break off: not solved)
 * @param filled the games whose score was solved and written
 * @param shortGames of those, the games that stop before {@code depth} empties (their last position solved)
 * @param unfinished games left unknown: they stop far from the end with moves still to play
 * @param nodes the solver's positions
 * @param seconds the time the solving took
 * @param depth the empties the scores were solved at
 * @param threads the threads that solved
 */
public record Fill(long selected, long known, long otherBoards, long damaged, long filled, long shortGames,
                   long unfinished, long nodes, double seconds, int depth, int threads) {
    /** Games filled a second. */
    public double gamesPerSecond() {
        return seconds <= 0 ? 0 : filled / seconds;
    }
}
