package org.thordb.index;

import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.store.Keys;

/**
 * The key of a position in the {@code POSITIONS} space: its canonical form under the 8 symmetries
 * of the board, Black's discs (8 bytes), White's (8 bytes) and the side to move (1 byte: 0 Black,
 * 1 White, 2 nobody), followed by the segment id in a postings key.
 *
 * <p>Usage: {@code Position c = position.canonical(); byte[] prefix = PositionKeys.key(c.black(), c.white(), PositionKeys.sideCode(c.toMove()));}
 */
public final class PositionKeys {
    private PositionKeys() {
    }

    /** The length of a position key without its segment. */
    public static final int LENGTH = 17;

    /** The side code of a side. */
    public static int sideCode(Side s) {
        return s == Side.BLACK ? 0 : s == Side.WHITE ? 1 : 2;
    }

    /** The key of a position already in canonical form. */
    public static byte[] key(long black, long white, int side) {
        byte[] k = new byte[LENGTH];
        Keys.putU64(k, 0, black);
        Keys.putU64(k, 8, white);
        k[16] = (byte) side;
        return k;
    }

    /** The postings key: position key then segment. */
    public static byte[] postingKey(long black, long white, int side, int segment) {
        byte[] k = new byte[LENGTH + 4];
        Keys.putU64(k, 0, black);
        Keys.putU64(k, 8, white);
        k[16] = (byte) side;
        Keys.putU32(k, 17, segment);
        return k;
    }
}
