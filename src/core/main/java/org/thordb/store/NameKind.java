package org.thordb.store;

import org.thordb.wthor.WthorKind;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The two kinds of names a base holds, with every spelling the store and the files use for them:
 * the byte in {@code NAMES} and {@code FILES} keys, the file extension, and the WTHOR file kind.
 *
 * <p>Usage: {@code byte[] prefix = Catalog.namesPrefix(base, NameKind.of(WthorKind.PLAYERS));}
 */
public enum NameKind {
    /** Players, from {@code .JOU} files: key byte 'P'. */
    PLAYERS('P', WthorKind.PLAYERS),
    /** Tournaments, from {@code .TRN} files: key byte 'T'. */
    TOURNAMENTS('T', WthorKind.TOURNAMENTS);

    private final char code;
    private final WthorKind kind;

    NameKind(char code, WthorKind kind) {
        this.code = code;
        this.kind = kind;
    }

    /** The byte that stands for the kind in keys. */
    public byte code() {
        return (byte) code;
    }

    /** The WTHOR file kind of its names files. */
    public WthorKind wthorKind() {
        return kind;
    }

    /** The extension of its names files, lower case, as {@link FileRow#kind()} holds it: jou or trn. */
    public String extension() {
        return kind.extension();
    }

    /** The names kind of a WTHOR names file kind. */
    public static NameKind of(WthorKind kind) {
        return switch (kind) {
            case PLAYERS -> PLAYERS;
            case TOURNAMENTS -> TOURNAMENTS;
            default -> throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf(kind + " holds no names"));
        };
    }

    /** The names kind of a file extension (jou or trn, any case). */
    public static NameKind ofExtension(String extension) {
        for (NameKind k : values()) {
            if (k.extension().equalsIgnoreCase(extension)) {
                return k;
            }
        }
        throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf(extension + " is no names file extension"));
    }
}
