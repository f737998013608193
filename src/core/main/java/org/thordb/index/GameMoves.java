package org.thordb.index;

import org.roaringbitmap.RoaringBitmap;

/**
 * The 8×8 moves of some games in memory, for the board conditions that replay them: the whole
 * store's ({@link MoveTable}, kept per store state) or only those a query's other parts leave
 * ({@link SomeGames}, read from their records for that query), so that a one-shot query under a
 * player at ten million games reads the player's few hundred records rather than ten million.
 *
 * <p>Usage: {@code GameMoves m = GameMoves.of(reader, candidates); byte[] sq = m.moves(); int at = m.offset(id);}
 */
public interface GameMoves {
    /** The board side of a game of the set: 8 or 10 (a 10×10 game holds no moves here). */
    int side(int id);

    /** How many moves of an 8×8 game replay. */
    int moveCount(int id);

    /** The squares of the moves; a game's start at {@link #offset}, {@link MoveTable#MOVES} bytes a game. */
    byte[] moves();

    /** Where a game's moves start in {@link #moves()}. */
    int offset(int id);

    /**
     * The number of the first move a player made after the other passed, or {@link
     * MoveTable#NO_PASS}: worked out by a replay the first time it is asked for, then kept.
     */
    int firstPass(int id);

    /**
     * Whether no player passed before move {@code moves} (so each of the first {@code moves}
     * moves is Black's when its number is even): worked out by a replay of those moves only, the
     * first time, then kept.
     */
    boolean passFree(int id, int moves);

    /**
     * The moves of {@code games} for a reader: the whole store's table when it is made already or
     * when they are many (a twentieth of the games or more: the table is then kept for the next
     * queries), else theirs alone, read from their records.
     */
    static GameMoves of(IndexReader r, RoaringBitmap games) {
        MoveTable made = MoveTable.ifMade(r);
        if (made != null) {
            return made;
        }
        if (games.getLongCardinality() * 20 < r.catalog().games()) {
            return SomeGames.read(r, games);
        }
        return MoveTable.of(r);
    }

    /** The first pass of a game replayed from its moves, among its first {@code count}: see {@link #firstPass}. */
    static int firstPassOf(byte[] moves, int off, int count) {
        long[] state = MoveTable.startState();
        for (int k = 0; k < count; k++) {
            int presumed = (int) state[2];
            MoveTable.step(state, moves[off + k]);
            if ((int) state[2] == presumed) { // the other played: the presumed player passed
                return k;
            }
        }
        return MoveTable.NO_PASS;
    }

    /**
     * {@link #passFree} on a cache of a byte a game: 0 not known, 1 to 60 a pass before that move
     * (plus 1), 127 none in the whole game, 128 + n none among the first n moves.
     */
    static boolean passFree(byte[] cache, int slot, byte[] moves, int off, int count, int upTo) {
        int v = cache[slot] & 0xff;
        if (v == 127) {
            return true;
        }
        if (v > 0 && v < 127) {
            return v - 1 >= upTo;
        }
        if (v >= 128 && v - 128 >= upTo) {
            return true;
        }
        int n = Math.min(upTo, count);
        int pass = firstPassOf(moves, off, n);
        if (pass != MoveTable.NO_PASS) {
            cache[slot] = (byte) (pass + 1); // a race writes the same value
            return false;
        }
        cache[slot] = (byte) (n >= count ? 127 : 128 + n);
        return true;
    }

    /** {@link #firstPass} on the cache of {@link #passFree}. */
    static int firstPass(byte[] cache, int slot, byte[] moves, int off, int count) {
        int v = cache[slot] & 0xff;
        if (v == 127) {
            return MoveTable.NO_PASS;
        }
        if (v > 0 && v < 127) {
            return v - 1;
        }
        int pass = firstPassOf(moves, off, count);
        cache[slot] = (byte) (pass == MoveTable.NO_PASS ? 127 : pass + 1);
        return pass;
    }
}
