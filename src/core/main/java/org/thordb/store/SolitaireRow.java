package org.thordb.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * A solitaire as the {@code SOLITAIRES} space keeps it: key base u16, empties u8, record u32;
 * value flags u8 (bit 0 damaged, bit 1 its stored solution contradicted by the solver), the
 * 36-byte record byte for byte, then the reason (UTF-8) when a flag is set.
 *
 * <p>Usage: {@code SolitaireRow s = SolitaireRow.decode(key, value); WthorSolitaire w = s.solitaire();}
 *
 * @param base the base id
 * @param empties the file's empties (N2)
 * @param record the record number in its file, from 0
 * @param raw the 36 record bytes
 * @param damaged whether the record is damaged (a bad position, side or move)
 * @param contradicted whether the solver contradicts its stored solution
 * @param reason why it is flagged, or null
 */
public record SolitaireRow(int base, int empties, int record, byte[] raw, boolean damaged, boolean contradicted,
                           String reason) {

    /** The key. */
    public static byte[] key(int base, int empties, int record) {
        return Keys.concat(Keys.u16(base), new byte[] {(byte) empties}, Keys.u32(record));
    }

    /** The key prefix of one stored file: base and empties. */
    public static byte[] filePrefix(int base, int empties) {
        return Keys.concat(Keys.u16(base), new byte[] {(byte) empties});
    }

    /** The value. */
    public byte[] encode() {
        byte[] why = reason == null ? new byte[0] : reason.getBytes(StandardCharsets.UTF_8);
        byte[] v = new byte[1 + raw.length + why.length];
        v[0] = (byte) ((damaged ? 1 : 0) | (contradicted ? 2 : 0));
        System.arraycopy(raw, 0, v, 1, raw.length);
        System.arraycopy(why, 0, v, 1 + raw.length, why.length);
        return v;
    }

    /** Decodes an entry. */
    public static SolitaireRow decode(byte[] key, byte[] v) {
        if (key.length != 7 || v.length < 37) {
            throw Faults.of(ErrorCode.CORRUPT, String.valueOf("a solitaire entry of " + key.length + "/" + v.length + " bytes"));
        }
        int flags = v[0] & 0xff;
        String reason = v.length > 37 ? new String(v, 37, v.length - 37, StandardCharsets.UTF_8) : null;
        return new SolitaireRow(Keys.getU16(key, 0), key[2] & 0xff, Keys.getU32(key, 3), Arrays.copyOfRange(v, 1, 37),
                (flags & 1) != 0, (flags & 2) != 0, reason);
    }

    /** The record. */
    public org.thordb.wthor.WthorSolitaire solitaire() {
        return new org.thordb.wthor.WthorSolitaire(raw.clone());
    }
}
