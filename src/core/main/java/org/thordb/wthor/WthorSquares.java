package org.thordb.wthor;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The move bytes of WTHOR games: {@code col + 10 × row} on 8×8 (a1 = 11, h8 = 88) and
 * {@code col + 12 × row} on 10×10 (a1 = 13, j10 = 130), rows and columns from 1; 0 ends the list.
 * Squares are numbered from 0 as in {@code org.thordb.othello}: row × side + col.
 *
 * <p>Usage: {@code int f5 = WthorSquares.toSquare(56, 8); // 37}
 */
public final class WthorSquares {
    private WthorSquares() {
    }

    /** The square (0 … side²−1) of a move byte, or −1 when the byte names no square. */
    public static int toSquare(int moveByte, int side) {
        int m = moveByte & 0xff;
        int base = side == 10 ? 12 : 10;
        int row = m / base;
        int col = m % base;
        if (row < 1 || row > side || col < 1 || col > side) {
            return -1;
        }
        return (row - 1) * side + (col - 1);
    }

    /** The move byte of a square (0 … side²−1). */
    public static int toByte(int square, int side) {
        if (square < 0 || square >= side * side) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("square " + square));
        }
        int base = side == 10 ? 12 : 10;
        return (square / side + 1) * base + square % side + 1;
    }
}
