package org.thordb.index;

import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.store.Keys;
import org.thordb.othello.Board10;
import org.thordb.othello.Symmetry10;

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

    /**
     * The 8×8 position of a key's 17 bytes from {@code offset}, or null when its side code is not
     * an 8×8 one.
     */
    public static Position position(byte[] k, int offset) {
        int side = k[offset + 16];
        if (side < 0 || side > 2) {
            return null;
        }
        return Position.of(Keys.getU64(k, offset), Keys.getU64(k, offset + 8),
                side == 0 ? Side.BLACK : side == 1 ? Side.WHITE : Side.NONE);
    }

    /**
     * The bit of a key's side code that makes it a moves key: the next moves of a position's
     * Roaring entry, apart from its ids ({@link Postings#movesApart}), under the entry's key with
     * this bit set in the side code (no 8×8 or 10×10 side code has it).
     */
    public static final int MOVES_SIDE = 0x20;

    /** The moves key of a position's postings key (same position and suffix). */
    public static byte[] movesKey(byte[] postingKey) {
        byte[] k = postingKey.clone();
        k[16] |= MOVES_SIDE;
        return k;
    }

    /** Whether a {@code positions} key is a moves key ({@link #movesKey}). */
    public static boolean isMovesKey(byte[] key) {
        return key.length > 16 && (key[16] & MOVES_SIDE) != 0;
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

    /**
     * The {@code positions} key parts of a 10×10 position: its canonical form under the 8
     * symmetries of the 10×10 board ({@link Symmetry10}), hashed to two
     * independent 64-bit words, and the side code 16 + (0 Black, 1 White, 2 nobody), which no 8×8
     * key has. A lookup checks every game it finds by replaying it, so two positions sharing the
     * 128 bits would cost a replay, never a wrong answer.
     *
     * @param bits the board ({@link Board10#bits()})
     * @param sideToMove 1 Black, 2 White, 0 nobody ({@link Board10#sideToMove()})
     * @return {first word, second word, side code}
     */
    public static long[] key10(long[] bits, int sideToMove) {
        long[] c = Symmetry10.canonical(bits);
        long h1 = 0x243f6a8885a308d3L;
        long h2 = 0x13198a2e03707344L;
        for (long w : c) {
            h1 = PositionHash.mix(h1 ^ w);
            h2 = PositionHash.mix(h2 + w * 0x9e3779b97f4a7c15L);
        }
        return new long[] {h1, h2, 16 + (sideToMove == 1 ? 0 : sideToMove == 2 ? 1 : 2)};
    }
}
