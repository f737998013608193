package org.thordb.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A game as the {@code GAMES} space keeps it: where it came from, whether it is damaged, and its
 * record byte for byte. Value layout: base u16, board side u8, year i32, record u32, segment u32,
 * flags u8 (bit 0: damaged; bit 1: a text source gave the game's theoretical score, which the
 * record's byte 7 holds; bits 2–7: the depth it was computed at), valid moves u8, the 68 or 104
 * record bytes, then the damage reason in UTF-8 (absent when sound).
 *
 * <p>Usage: {@code GameRow g = GameRow.decode(id, view.get(Space.GAMES, Keys.u32(id)));}
 *
 * @param id the game id
 * @param base the base id
 * @param side 8 or 10
 * @param year the year of the file
 * @param record the record number within the file, from 0
 * @param segment the segment (imported file) the game belongs to
 * @param validMoves how many moves replay without fault
 * @param raw the record bytes
 * @param damage why the game is damaged, or null
 * @param theoreticalGiven whether a text source gave the theoretical score (WTHOR files say it for
 *     the whole file, in their file row)
 * @param theoreticalDepth the empties the given score was computed at (0 to 60; 0 when not given)
 */
public record GameRow(int id, int base, int side, int year, int record, int segment, int validMoves, byte[] raw,
                      String damage, boolean theoreticalGiven, int theoreticalDepth) {
    private static final int HEADER = 17;

    /** A game whose theoretical score its file says, or none says. */
    public GameRow(int id, int base, int side, int year, int record, int segment, int validMoves, byte[] raw,
                   String damage) {
        this(id, base, side, year, record, segment, validMoves, raw, damage, false, 0);
    }

    /** The value bytes. */
    public byte[] encode() {
        byte[] why = damage == null ? new byte[0] : damage.getBytes(StandardCharsets.UTF_8);
        byte[] v = new byte[HEADER + raw.length + why.length];
        v[0] = (byte) (base >>> 8);
        v[1] = (byte) base;
        v[2] = (byte) side;
        Keys.putU32(v, 3, year ^ 0x80000000);
        Keys.putU32(v, 7, record);
        Keys.putU32(v, 11, segment);
        v[15] = (byte) ((damage == null ? 0 : 1) | (theoreticalGiven ? 2 : 0) | (Math.min(63, theoreticalDepth) << 2));
        v[16] = (byte) validMoves;
        System.arraycopy(raw, 0, v, HEADER, raw.length);
        System.arraycopy(why, 0, v, HEADER + raw.length, why.length);
        return v;
    }

    /** Decodes a value of the {@code GAMES} space. */
    public static GameRow decode(int id, byte[] v) {
        int side = v[2] & 0xff;
        int size = side == 10 ? 104 : 68;
        String damage = (v[15] & 1) == 0 ? null
                : new String(v, HEADER + size, v.length - HEADER - size, StandardCharsets.UTF_8);
        return new GameRow(id, Keys.getU16(v, 0), side, Keys.getI32(v, 3), Keys.getU32(v, 7), Keys.getU32(v, 11),
                v[16] & 0xff, Arrays.copyOfRange(v, HEADER, HEADER + size), damage, (v[15] & 2) != 0, (v[15] & 0xff) >>> 2);
    }

    /** The key of a game id. */
    public static byte[] key(int id) {
        return Keys.u32(id);
    }

    /** The key of the {@code GAME_KEYS} space: base u16, side u8, year i32, record u32. */
    public static byte[] locator(int base, int side, int year, int record) {
        byte[] k = new byte[11];
        k[0] = (byte) (base >>> 8);
        k[1] = (byte) base;
        k[2] = (byte) side;
        Keys.putU32(k, 3, year ^ 0x80000000);
        Keys.putU32(k, 7, record);
        return k;
    }

    /** The prefix of every locator of one file (base, side, year). */
    public static byte[] locatorPrefix(int base, int side, int year) {
        return Arrays.copyOf(locator(base, side, year, 0), 7);
    }

    /** Whether the game is damaged. */
    public boolean damaged() {
        return damage != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GameRow g && g.id == id && g.base == base && g.side == side && g.year == year
                && g.record == record && g.segment == segment && g.validMoves == validMoves
                && Arrays.equals(g.raw, raw) && Objects.equals(g.damage, damage);
    }

    @Override
    public int hashCode() {
        return id;
    }
}
