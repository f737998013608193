package org.thordb.index;

import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorSquares;
import java.util.Arrays;
import org.thordb.othello.Bitboards;
import org.thordb.store.FileRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;

/**
 * The 8×8 moves of every game of a store in memory, indexed by game id (damaged games stop at
 * their first bad move): what board patterns replay (and a grouping by opening deeper than the
 * openings' postings). Made by one scan of the game records the first time a catalog asks for it,
 * then kept for as long as that catalog lives (an import makes a new one): 62 bytes a game, the
 * board side among them (from the file rows, for the loops that skip 10×10 games). The games'
 * other fields are the per-game columns ({@link GameColumns}), which this table does not repeat.
 *
 * <p>Usage: {@code MoveTable t = MoveTable.of(reader); int n = t.moveCount(id); byte first = t.moves()[t.offset(id)];}
 */
public final class MoveTable implements GameMoves {
    /** The most moves a game of the table holds (an 8×8 game). */
    public static final int MOVES = 60;

    private static final PerCatalog<MoveTable> MADE = new PerCatalog<>();

    // each game's board side, from its file's row (a byte a game, read in the board conditions' loops)
    private final byte[] side;
    private final byte[] moveCount;
    private final byte[] moves;

    private MoveTable(int size) {
        side = new byte[size];
        moveCount = new byte[size];
        moves = new byte[size * MOVES];
    }

    /** The table of a reader's catalog: made by one scan of its records the first time, then shared. */
    public static MoveTable of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    /** The table of a reader's catalog when it is made already, else null (nothing is scanned). */
    public static MoveTable ifMade(IndexReader r) {
        return MADE.ifMade(r.catalog());
    }

    private static MoveTable build(IndexReader r) {
        MoveTable t = new MoveTable(r.catalog().nextGameId());
        // each 8×8 file's records read as they lie, without decoding a row a game (at ten million
        // games, the rows' copies and strings took most of the build)
        for (FileRow f : r.catalog().gameFiles()) {
            Arrays.fill(t.side, f.firstId(), Math.min(t.side.length, f.firstId() + f.games()), (byte) f.side());
            if (f.side() == 8) {
                r.view().scanRange(Store.Space.GAMES, GameRow.key(f.firstId()),
                        GameRow.key(f.firstId() + f.games()), (k, val) -> {
                            t.putStored(Keys.getU32(k, 0), val);
                            return true;
                        });
            }
        }
        return t;
    }

    /** Where a stored row's record starts: after base, side, year, record, segment, flags and valid moves ({@link GameRow}). */
    private static final int RECORD_AT = 17;

    /** A game's moves from its stored row, read as it lies ({@link GameRow}'s layout). */
    private void putStored(int id, byte[] v) {
        if ((v[2] & 0xff) == 8) {
            int n = Math.min(v[16] & 0xff, MOVES);
            int from = RECORD_AT + WthorGame.MOVES_OFFSET;
            for (int i = 0; i < n; i++) {
                moves[id * MOVES + i] = (byte) WthorSquares.toSquare(v[from + i], 8);
            }
            moveCount[id] = (byte) n;
        }
    }

    /** The board side: 8, or 10 (from the game's file). */
    @Override
    public int side(int id) {
        return side[id];
    }

    /** How many moves of an 8×8 game replay (0 for a 10×10 one). */
    @Override
    public int moveCount(int id) {
        return moveCount[id];
    }

    /** No player passed in the game: {@link #firstPass}. */
    public static final int NO_PASS = 127;

    // what is known of each game's passes, once a query asked (GameMoves.passFree's cache)
    private volatile byte[] passCache;

    /**
     * The number of the first move a player made after the other passed (the presumed player had
     * no move), or {@link #NO_PASS}: worked out by a replay of the game the first time it is asked
     * for, then kept with the table (a byte a game), so that a move's colour is known from its
     * number before it ({@link EdgePatterns#showsAt}).
     */
    @Override
    public int firstPass(int id) {
        return moveCount[id] != 0 ? GameMoves.firstPass(passes(), id, moves, id * MOVES, moveCount[id]) : NO_PASS;
    }

    @Override
    public boolean passFree(int id, int upTo) {
        return moveCount[id] == 0 || GameMoves.passFree(passes(), id, moves, id * MOVES, moveCount[id], upTo);
    }

    private byte[] passes() {
        byte[] f = passCache;
        if (f == null) {
            synchronized (this) {
                if (passCache == null) {
                    passCache = new byte[moveCount.length];
                }
                f = passCache;
            }
        }
        return f;
    }

    @Override
    public int offset(int id) {
        return id * MOVES;
    }

    /** The squares of the moves, {@link #MOVES} bytes a game from {@code id * MOVES}; read, never write. */
    @Override
    public byte[] moves() {
        return moves;
    }

    /** A replay state at the start: Black's discs, White's discs, the presumed next player (0 Black). */
    public static long[] startState() {
        return new long[] {0x0000000810000000L, 0x0000001008000000L, 0};
    }

    /**
     * Plays a move of a game that replays on a state from {@link #startState()}, without allocating.
     * A move the presumed player cannot play is the other's (the presumed player passed), so a step
     * costs one flip computation and no move generation; the next presumed player is the opponent.
     */
    public static void step(long[] state, int sq) {
        int mover = (int) state[2];
        long me = state[mover];
        long opp = state[1 - mover];
        long f = Bitboards.flipsOnEmpty(me, opp, sq);
        if (f == 0) {
            mover ^= 1;
            long x = me;
            me = opp;
            opp = x;
            f = Bitboards.flipsOnEmpty(me, opp, sq);
        }
        state[mover] = me | f | (1L << sq);
        state[1 - mover] = opp & ~f;
        state[2] = mover ^ 1;
    }

    /**
     * The board of a game after {@code plies} moves, replayed from its moves in the table with
     * {@link #step}: {@code out} gets Black's and White's discs and the presumed next player (0, 1);
     * false when the game has fewer moves.
     */
    public boolean boardAfter(int id, int plies, long[] out) {
        if (side[id] != 8 || plies > moveCount[id]) {
            return false;
        }
        out[0] = 0x0000000810000000L;
        out[1] = 0x0000001008000000L;
        out[2] = 0;
        int off = id * MOVES;
        for (int k = 0; k < plies; k++) {
            step(out, moves[off + k]);
        }
        return true;
    }
}
