package org.thordb.wthor;

import java.util.Arrays;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * One 36-byte record of a {@code .pzz} solitaire file, kept byte for byte, with accessors.
 * The position is packed 2 bits a square, row by row, 2 bytes a row, the first square of each
 * byte in its two high bits: {@code 00} empty, {@code 11} black, {@code 10} white.
 *
 * <p>Usage: {@code long black = solitaire.blackDiscs(); int first = solitaire.firstMove();}
 */
public final class WthorSolitaire {
    /** The size of a record. */
    public static final int SIZE = 36;

    private final byte[] raw;

    /** Wraps a raw 36-byte record (not copied). */
    public WthorSolitaire(byte[] raw) {
        if (raw.length != SIZE) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("a solitaire record has 36 bytes, not " + raw.length));
        }
        this.raw = raw;
    }

    /**
     * Builds a record from its fields.
     *
     * @param black black discs, bit row × 8 + col
     * @param white white discs
     * @param toMove 1 for Black, 2 for White
     */
    public static WthorSolitaire of(int year, int tournament, long blackPlayer, long whitePlayer, long black,
                                    long white, int toMove, int solutionScore, int firstMoveByte, int realScore,
                                    int move25Byte) {
        byte[] b = new byte[SIZE];
        b[0] = (byte) year;
        b[1] = (byte) (year >>> 8);
        b[2] = (byte) tournament;
        b[3] = (byte) (tournament >>> 8);
        for (int i = 0; i < 4; i++) {
            b[4 + i] = (byte) (blackPlayer >>> (8 * i));
            b[8 + i] = (byte) (whitePlayer >>> (8 * i));
        }
        for (int sq = 0; sq < 64; sq++) {
            int code = (black >>> sq & 1) != 0 ? 3 : (white >>> sq & 1) != 0 ? 2 : 0;
            b[12 + sq / 4] |= (byte) (code << (6 - 2 * (sq % 4)));
        }
        b[28] = (byte) (64 - Long.bitCount(black | white));
        b[29] = (byte) toMove;
        b[30] = (byte) solutionScore;
        b[31] = (byte) firstMoveByte;
        b[32] = (byte) realScore;
        b[33] = (byte) move25Byte;
        return new WthorSolitaire(b);
    }

    /** A copy of the record's bytes. */
    public byte[] bytes() {
        return raw.clone();
    }

    /** The year of the game the solitaire comes from. */
    public int year() {
        return (raw[0] & 0xff) | (raw[1] & 0xff) << 8;
    }

    /** The tournament's number. */
    public int tournament() {
        return (raw[2] & 0xff) | (raw[3] & 0xff) << 8;
    }

    /** Black's player number (a 4-byte field). */
    public long blackPlayer() {
        return u32(4);
    }

    /** White's player number (a 4-byte field). */
    public long whitePlayer() {
        return u32(8);
    }

    /** The 2-bit code of a square: 0 empty, 3 black, 2 white, 1 not a valid code. */
    public int squareCode(int square) {
        return (raw[12 + square / 4] >>> (6 - 2 * (square % 4))) & 3;
    }

    /** The black discs, bit row × 8 + col. */
    public long blackDiscs() {
        long b = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (squareCode(sq) == 3) {
                b |= 1L << sq;
            }
        }
        return b;
    }

    /** The white discs. */
    public long whiteDiscs() {
        long w = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (squareCode(sq) == 2) {
                w |= 1L << sq;
            }
        }
        return w;
    }

    /** The stored number of empty squares. */
    public int empties() {
        return raw[28] & 0xff;
    }

    /** 1 when Black is to move, 2 when White is. */
    public int toMove() {
        return raw[29] & 0xff;
    }

    /** The perfect-play score of the side to move, as a disc difference (signed). */
    public int solutionScore() {
        return raw[30];
    }

    /** The first move of the solution, as a WTHOR move byte. */
    public int firstMove() {
        return raw[31] & 0xff;
    }

    /** Black's real score in the game. */
    public int realScore() {
        return raw[32] & 0xff;
    }

    /** The 25th move of the game, as a WTHOR move byte, or 0 when unknown. */
    public int move25() {
        return raw[33] & 0xff;
    }

    /** What is wrong with the record, or null when it is sound. */
    public String damage() {
        for (int sq = 0; sq < 64; sq++) {
            if (squareCode(sq) == 1) {
                return "square " + sq + " has the unknown code 01 (record byte " + (12 + sq / 4) + ")";
            }
        }
        int empty = 64 - Long.bitCount(blackDiscs() | whiteDiscs());
        if (empty != empties()) {
            return "the position has " + empty + " empty squares but the record says " + empties()
                    + " (record byte 28)";
        }
        if (toMove() != 1 && toMove() != 2) {
            return "side to move byte is " + toMove() + ", not 1 or 2 (record byte 29)";
        }
        if (WthorSquares.toSquare(firstMove(), 8) < 0) {
            return "first move byte " + firstMove() + " is not a square (record byte 31)";
        }
        if (move25() != 0 && WthorSquares.toSquare(move25(), 8) < 0) {
            return "move 25 byte " + move25() + " is not a square (record byte 33)";
        }
        return null;
    }

    private long u32(int i) {
        return (raw[i] & 0xffL) | (raw[i + 1] & 0xffL) << 8 | (raw[i + 2] & 0xffL) << 16 | (raw[i + 3] & 0xffL) << 24;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WthorSolitaire s && Arrays.equals(s.raw, raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }
}
