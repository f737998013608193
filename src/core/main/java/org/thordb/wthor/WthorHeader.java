package org.thordb.wthor;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * The 16-byte header every WTHOR file begins with, every field as stored (little-endian words).
 *
 * <p>Usage: {@code WthorHeader h = WthorHeader.decode(bytes); LocalDate made = h.creationDate();}
 *
 * @param century creation century (20 for 2015)
 * @param yearOfCentury creation year within the century (15 for 2015)
 * @param month creation month
 * @param day creation day
 * @param n1 number of games or solitaires (0 in names files)
 * @param n2 number of names, or the empties of solitaires (0 in game files)
 * @param gameYear the year of the games (0 in names and solitaire files)
 * @param boardSize P1: 0 or 8 for 8×8, 10 for 10×10
 * @param gameType P2: 1 in solitaire files, else 0
 * @param depth P3: the depth the theoretical score is computed at (0 means 22 after 2001)
 * @param reserved the last byte, kept as it was
 */
public record WthorHeader(int century, int yearOfCentury, int month, int day, long n1, int n2, int gameYear,
                          int boardSize, int gameType, int depth, int reserved) {

    /** The header's size in bytes. */
    public static final int SIZE = 16;

    /** Decodes the first 16 bytes of {@code b}. */
    public static WthorHeader decode(byte[] b) {
        return new WthorHeader(u8(b, 0), u8(b, 1), u8(b, 2), u8(b, 3),
                (u8(b, 4) | u8(b, 5) << 8 | u8(b, 6) << 16 | (long) u8(b, 7) << 24),
                u16(b, 8), u16(b, 10), u8(b, 12), u8(b, 13), u8(b, 14), u8(b, 15));
    }

    /** The 16 bytes of this header. */
    public byte[] encode() {
        byte[] b = new byte[SIZE];
        b[0] = (byte) century;
        b[1] = (byte) yearOfCentury;
        b[2] = (byte) month;
        b[3] = (byte) day;
        b[4] = (byte) n1;
        b[5] = (byte) (n1 >>> 8);
        b[6] = (byte) (n1 >>> 16);
        b[7] = (byte) (n1 >>> 24);
        b[8] = (byte) n2;
        b[9] = (byte) (n2 >>> 8);
        b[10] = (byte) gameYear;
        b[11] = (byte) (gameYear >>> 8);
        b[12] = (byte) boardSize;
        b[13] = (byte) gameType;
        b[14] = (byte) depth;
        b[15] = (byte) reserved;
        return b;
    }

    /** A header for a game file of the given year, created on {@code created}, with N1 games. */
    public static WthorHeader forGames(LocalDate created, long n1, int gameYear, int boardSize, int depth) {
        return new WthorHeader(created.getYear() / 100, created.getYear() % 100, created.getMonthValue(),
                created.getDayOfMonth(), n1, 0, gameYear, boardSize, 0, depth, 0);
    }

    /** A header for a names file of N2 names, created on {@code created}. */
    public static WthorHeader forNames(LocalDate created, int n2) {
        return new WthorHeader(created.getYear() / 100, created.getYear() % 100, created.getMonthValue(),
                created.getDayOfMonth(), 0, n2, 0, 0, 0, 0, 0);
    }

    /** This header with another N1. */
    public WthorHeader withN1(long newN1) {
        return new WthorHeader(century, yearOfCentury, month, day, newN1, n2, gameYear, boardSize, gameType, depth,
                reserved);
    }

    /** This header with another N2. */
    public WthorHeader withN2(int newN2) {
        return new WthorHeader(century, yearOfCentury, month, day, n1, newN2, gameYear, boardSize, gameType, depth,
                reserved);
    }

    /** The creation date, or null when the bytes are not a date. */
    public LocalDate creationDate() {
        try {
            return LocalDate.of(century * 100 + yearOfCentury, month, day);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** The creation date as one comparable number, yyyymmdd, whether or not it is a valid date. */
    public int creationStamp() {
        return (century * 100 + yearOfCentury) * 10000 + month * 100 + day;
    }

    /** The side of the board: 10 when P1 is 10, else 8. */
    public int boardSide() {
        return boardSize == 10 ? 10 : 8;
    }

    /** The depth of the theoretical score: P3, where 0 means 22 in files made after 2001-01-01. */
    public int effectiveDepth() {
        if (depth == 0 && creationStamp() > 20010101) {
            return 22;
        }
        return depth;
    }

    private static int u8(byte[] b, int i) {
        return b[i] & 0xff;
    }

    private static int u16(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8;
    }
}
