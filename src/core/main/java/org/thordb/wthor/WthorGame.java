package org.thordb.wthor;

import java.util.Arrays;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * One game record of a {@code .wtb} (68 bytes) or {@code .wtd} (104 bytes) file, kept byte for byte
 * as it was read, with accessors that decode its fields.
 *
 * <p>Usage: {@code int[] squares = game.squares(); String why = game.damage(); // null when sound}
 */
public final class WthorGame {
    /** Bytes before the move list. */
    public static final int MOVES_OFFSET = 8;

    private final byte[] raw;
    private final int side;

    /**
     * Wraps a raw record.
     *
     * @param raw the 68 or 104 bytes of the record (not copied)
     * @param side 8 or 10
     */
    public WthorGame(byte[] raw, int side) {
        if (side != 8 && side != 10) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("side " + side));
        }
        if (raw.length != recordSize(side)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("a " + side + "×" + side + " game record has " + recordSize(side)
                    + " bytes, not " + raw.length));
        }
        this.raw = raw;
        this.side = side;
    }

    /** Builds a record from its fields; squares are numbered from 0 (row × side + col). */
    public static WthorGame of(int tournament, int black, int white, int blackScore, int theoreticalScore,
                               int[] squares, int side) {
        byte[] b = new byte[recordSize(side)];
        putU16(b, 0, tournament);
        putU16(b, 2, black);
        putU16(b, 4, white);
        b[6] = (byte) blackScore;
        b[7] = (byte) theoreticalScore;
        if (squares.length > side * side - 4) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf(squares.length + " moves do not fit a " + side + "×" + side + " record"));
        }
        for (int i = 0; i < squares.length; i++) {
            b[MOVES_OFFSET + i] = (byte) WthorSquares.toByte(squares[i], side);
        }
        return new WthorGame(b, side);
    }

    /** The same record with another theoretical score (byte 7); every other byte kept. */
    public WthorGame withTheoreticalScore(int blackDiscs) {
        if (blackDiscs < 0 || blackDiscs > side * side) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("a theoretical score of " + blackDiscs + " discs"));
        }
        byte[] b = raw.clone();
        b[7] = (byte) blackDiscs;
        return new WthorGame(b, side);
    }

    /** The record size for a board side: 68 or 104. */
    public static int recordSize(int side) {
        return side == 10 ? 104 : 68;
    }

    /** A copy of the record's bytes. */
    public byte[] bytes() {
        return raw.clone();
    }

    /** Writes the record's bytes into {@code out} at {@code offset}. */
    public void copyTo(byte[] out, int offset) {
        System.arraycopy(raw, 0, out, offset, raw.length);
    }

    /** 8 or 10. */
    public int side() {
        return side;
    }

    /** The tournament's number in the base's {@code .TRN} file. */
    public int tournament() {
        return u16(0);
    }

    /** Black's number in the base's {@code .JOU} file. */
    public int black() {
        return u16(2);
    }

    /** White's number in the base's {@code .JOU} file. */
    public int white() {
        return u16(4);
    }

    /** The stored score: Black's discs at the end (empties to the winner). */
    public int blackScore() {
        return raw[6] & 0xff;
    }

    /** The stored theoretical score: Black's discs after perfect play from the depth of the header. */
    public int theoreticalScore() {
        return raw[7] & 0xff;
    }

    /** The raw move bytes (60 or 96). */
    public byte[] moveBytes() {
        return Arrays.copyOfRange(raw, MOVES_OFFSET, raw.length);
    }

    /** The number of moves: the bytes before the first 0. */
    public int moveCount() {
        int n = 0;
        while (MOVES_OFFSET + n < raw.length && raw[MOVES_OFFSET + n] != 0) {
            n++;
        }
        return n;
    }

    /**
     * The moves as squares (row × side + col, from 0), up to the first 0 byte; a byte that names no
     * square gives −1.
     */
    public int[] squares() {
        int n = moveCount();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = WthorSquares.toSquare(raw[MOVES_OFFSET + i], side);
        }
        return out;
    }

    /**
     * What is wrong with the record, or null when its scores are disc counts the board can hold and
     * each move byte is a square until the first 0 and only zeros follow. The reason names the
     * byte offset within the record.
     */
    public String damage() {
        int cells = side * side;
        if (blackScore() > cells) {
            return "Black's score byte is " + blackScore() + ", more than the " + cells + " discs of the board (record byte 6)";
        }
        if (theoreticalScore() > cells) {
            return "the theoretical score byte is " + theoreticalScore() + ", more than the " + cells
                    + " discs of the board (record byte 7)";
        }
        int n = moveCount();
        for (int i = 0; i < n; i++) {
            if (WthorSquares.toSquare(raw[MOVES_OFFSET + i], side) < 0) {
                return "move " + (i + 1) + ": byte " + (raw[MOVES_OFFSET + i] & 0xff)
                        + " is not a square (record byte " + (MOVES_OFFSET + i) + ")";
            }
        }
        for (int i = MOVES_OFFSET + n; i < raw.length; i++) {
            if (raw[i] != 0) {
                return "byte " + (raw[i] & 0xff) + " after the end of the move list (record byte " + i + ")";
            }
        }
        return null;
    }

    private int u16(int i) {
        return (raw[i] & 0xff) | (raw[i + 1] & 0xff) << 8;
    }

    private static void putU16(byte[] b, int i, int v) {
        if (v < 0 || v > 0xffff) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("number " + v + " does not fit a WTHOR word"));
        }
        b[i] = (byte) v;
        b[i + 1] = (byte) (v >>> 8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WthorGame g && g.side == side && Arrays.equals(g.raw, raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }

    @Override
    public String toString() {
        return "WthorGame[tournament=" + tournament() + ", black=" + black() + ", white=" + white()
                + ", score=" + blackScore() + ", theoretical=" + theoreticalScore() + ", moves=" + moveCount() + "]";
    }
}
