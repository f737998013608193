package org.thordb.wthor;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * The five kinds of WTHOR file, told apart by their name's ending, with their record layouts.
 *
 * <p>Usage: {@code WthorKind k = WthorKind.of(Path.of("WTH_2015.wtb")); // GAMES_8, 68-byte records}
 */
public enum WthorKind {
    /** {@code .wtb}: games on 8×8, 68-byte records. */
    GAMES_8("wtb", 68, 0),
    /** {@code .wtd}: games on 10×10, 104-byte records. */
    GAMES_10("wtd", 104, 0),
    /** {@code .pzz}: solitaires, a 512-byte presence table then 36-byte records. */
    SOLITAIRES("pzz", 36, 512),
    /** {@code .jou}: player names, 20-byte records. */
    PLAYERS("jou", 20, 0),
    /** {@code .trn}: tournament names, 26-byte records. */
    TOURNAMENTS("trn", 26, 0);

    private final String extension;
    private final int recordSize;
    private final int extraHeader;

    WthorKind(String extension, int recordSize, int extraHeader) {
        this.extension = extension;
        this.recordSize = recordSize;
        this.extraHeader = extraHeader;
    }

    /** The file name ending, lowercase, without the dot. */
    public String extension() {
        return extension;
    }

    /** The size of one record in bytes. */
    public int recordSize() {
        return recordSize;
    }

    /** Where the first record starts: 16, or 528 for solitaire files. */
    public int dataOffset() {
        return WthorHeader.SIZE + extraHeader;
    }

    /** Whether the file holds games. */
    public boolean isGames() {
        return this == GAMES_8 || this == GAMES_10;
    }

    /** Whether the file holds names. */
    public boolean isNames() {
        return this == PLAYERS || this == TOURNAMENTS;
    }

    /** The kind of a file named {@code path}, or null when the name is not a WTHOR one. */
    public static WthorKind ofOrNull(Path path) {
        Path name = path.getFileName();
        if (name == null) {
            return null;
        }
        String n = name.toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        String ext = n.substring(dot + 1);
        for (WthorKind k : values()) {
            if (k.extension.equals(ext)) {
                return k;
            }
        }
        return null;
    }

    /** The kind of a file named {@code path}; throws when the name is not a WTHOR one. */
    public static WthorKind of(Path path) {
        WthorKind k = ofOrNull(path);
        if (k == null) {
            throw Faults.of(ErrorCode.BAD_FILE,
                    path + ": not a WTHOR file name (.wtb, .wtd, .pzz, .jou or .trn)");
        }
        return k;
    }
}
