package org.thordb.index;

import org.thordb.store.Catalog;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.wthor.WthorGame;

/**
 * The fields of every game as columns in memory, indexed by game id: player and tournament
 * numbers, scores, the number of moves, the result. A predicate that matches many terms (a
 * substring of thousands of names, one field compared with another) is answered from these in
 * one pass over the games instead of a union of thousands of postings entries; a conjunction tests
 * them on the games its other parts leave. Made by one scan of the game records the first time a
 * catalog needs them, then kept for as long as that catalog lives (an import makes a new one):
 * 14 bytes a game, 140 MB at ten million.
 *
 * <p>Usage: {@code GameColumns c = GameColumns.of(reader); int black = c.black(id);}
 */
public final class GameColumns {
    private static final PerCatalog<GameColumns> MADE = new PerCatalog<>();

    /** Where the WTHOR record starts in a {@code games} value (see {@link org.thordb.store.GameRow}). */
    private static final int RECORD_AT = 17;

    private final char[] black;
    private final char[] white;
    private final char[] tournament;
    private final byte[] score;
    private final byte[] theoretical;
    private final byte[] moves;
    private final byte[] result;
    /** The games whose theoretical score is known: a theoretical test holds for no other. */
    private TheoreticalKnown known;

    private GameColumns(int size) {
        black = new char[size];
        white = new char[size];
        tournament = new char[size];
        score = new byte[size];
        theoretical = new byte[size];
        moves = new byte[size];
        result = new byte[size];
    }

    /** The columns of a reader's catalog: made by one scan of its records the first time, then shared. */
    public static GameColumns of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    /** The columns of a reader's catalog when they are made already, else null (nothing is scanned). */
    public static GameColumns ifMade(IndexReader r) {
        return MADE.ifMade(r.catalog());
    }

    private static GameColumns build(IndexReader r) {
        GameColumns t = new GameColumns(r.catalog().nextGameId());
        t.known = TheoreticalKnown.of(r);
        // the values are read as they lie, without decoding a row a game: the scan is what costs
        r.view().scan(Store.Space.GAMES, new byte[0], null, (k, v) -> {
            t.put(Keys.getU32(k, 0), v[2], v, RECORD_AT);
            return true;
        });
        return t;
    }

    /** Columns with room for {@code size} games, for {@link GameTable} to fill as it scans. */
    static GameColumns sized(int size) {
        return new GameColumns(size);
    }

    /** Says which games' theoretical scores are known (the game table's columns, made by its scan). */
    void known(TheoreticalKnown k) {
        this.known = k;
    }

    /** Whether a game's theoretical score is known. */
    public boolean theoreticalKnown(int id) {
        return known.known(id);
    }

    /** Keeps columns made along with a catalog's game table, so that they are not made again. */
    static void keep(Catalog c, GameColumns t) {
        MADE.keep(c, t);
    }

    /** Fills a game's columns from its WTHOR record, which starts at {@code at} in {@code record}. */
    void put(int id, int side, byte[] record, int at) {
        tournament[id] = (char) ((record[at] & 0xff) | (record[at + 1] & 0xff) << 8);
        black[id] = (char) ((record[at + 2] & 0xff) | (record[at + 3] & 0xff) << 8);
        white[id] = (char) ((record[at + 4] & 0xff) | (record[at + 5] & 0xff) << 8);
        int s = record[at + 6] & 0xff;
        score[id] = (byte) s;
        theoretical[id] = record[at + 7];
        result[id] = (byte) Terms.result(s, side);
        int n = 0;
        int recordLength = WthorGame.recordSize(side);
        while (WthorGame.MOVES_OFFSET + n < recordLength && record[at + WthorGame.MOVES_OFFSET + n] != 0) {
            n++;
        }
        moves[id] = (byte) n;
    }

    /** Black's player number in the game's base. */
    public int black(int id) {
        return black[id];
    }

    /** White's player number. */
    public int white(int id) {
        return white[id];
    }

    /** The tournament number. */
    public int tournament(int id) {
        return tournament[id];
    }

    /** Black's discs as stored. */
    public int score(int id) {
        return score[id] & 0xff;
    }

    /** The stored theoretical score. */
    public int theoretical(int id) {
        return theoretical[id] & 0xff;
    }

    /** The number of moves (the record's move bytes before the first 0), as the {@code MOVES} term has it. */
    public int moves(int id) {
        return moves[id] & 0xff;
    }

    /** The result code from the stored score: 0 Black won, 1 White won, 2 draw. */
    public int result(int id) {
        return result[id];
    }

    /** How many games the columns hold room for (the catalog's next game id). */
    public int size() {
        return score.length;
    }
}
