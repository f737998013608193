package org.thordb.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.GameRow;
import org.thordb.store.Store;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorSquares;

/**
 * The moves of a few games, read from their records in one call ({@link Store.View#getAll}) for
 * one query: what {@link GameMoves#of} gives when a query's other parts leave few games and the
 * whole store's table is not made.
 *
 * <p>Usage: {@code GameMoves m = SomeGames.read(reader, playersGames);}
 */
public final class SomeGames implements GameMoves {
    private final int[] ids; // ascending
    private final byte[] side;
    private final byte[] moveCount;
    private final byte[] moves;
    private final byte[] passCache; // GameMoves.passFree's cache

    private SomeGames(int[] ids) {
        this.ids = ids;
        side = new byte[ids.length];
        moveCount = new byte[ids.length];
        moves = new byte[ids.length * MoveTable.MOVES];
        passCache = new byte[ids.length];
    }

    /** The moves of {@code games} (a game without a record is left out: no board of it matches). */
    public static SomeGames read(IndexReader r, RoaringBitmap games) {
        SomeGames g = new SomeGames(games.toArray());
        List<byte[]> keys = new ArrayList<>(g.ids.length);
        for (int id : g.ids) {
            keys.add(GameRow.key(id));
        }
        List<byte[]> rows = r.view().getAll(Store.Space.GAMES, keys);
        for (int i = 0; i < g.ids.length; i++) {
            byte[] v = rows.get(i);
            if (v == null) {
                continue; // side 0: not a board of 8 or 10
            }
            int s = v[2] & 0xff;
            g.side[i] = (byte) s;
            if (s == 8) {
                int n = Math.min(v[16] & 0xff, MoveTable.MOVES); // valid moves, then the record from byte 17 (GameRow)
                int from = 17 + WthorGame.MOVES_OFFSET;
                for (int k = 0; k < n; k++) {
                    g.moves[i * MoveTable.MOVES + k] = (byte) WthorSquares.toSquare(v[from + k], 8);
                }
                g.moveCount[i] = (byte) n;
            }
        }
        return g;
    }

    private int slot(int id) {
        int i = Arrays.binarySearch(ids, id);
        if (i < 0) {
            throw new IllegalArgumentException("game " + id + " is not one of the games read");
        }
        return i;
    }

    @Override
    public int side(int id) {
        return side[slot(id)];
    }

    @Override
    public int moveCount(int id) {
        return moveCount[slot(id)];
    }

    @Override
    public byte[] moves() {
        return moves;
    }

    @Override
    public int offset(int id) {
        return slot(id) * MoveTable.MOVES;
    }

    @Override
    public int firstPass(int id) {
        int i = slot(id);
        return GameMoves.firstPass(passCache, i, moves, i * MoveTable.MOVES, moveCount[i]);
    }

    @Override
    public boolean passFree(int id, int upTo) {
        int i = slot(id);
        return GameMoves.passFree(passCache, i, moves, i * MoveTable.MOVES, moveCount[i], upTo);
    }
}
