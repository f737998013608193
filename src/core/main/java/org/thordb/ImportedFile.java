package org.thordb;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.thordb.error.ErrorCode;

/**
 * What an import did with one file.
 *
 * <p>Usage: {@code if (f.status() == ImportedFile.Status.REFUSED) System.err.println(f.file() + ": " + f.error() + " " + f.reason());}
 *
 * @param file the file
 * @param status what became of it
 * @param games the games (or solitaires) it added
 * @param error why it was refused ({@link ErrorCode#BAD_FILE}, {@link ErrorCode#BAD_RECORD}, {@link ErrorCode#IO}…), or null
 * @param reason the refusal in one line, naming the file and the record or byte offset, or null
 * @param byteOffset where in the file the fault is, when known
 * @param record the record at fault (from 0), when known
 */
public record ImportedFile(Path file, Status status, long games, ErrorCode error, String reason,
                           OptionalLong byteOffset, OptionalLong record) {
    /** What became of a file. */
    public enum Status {
        /** Its games or names are in the store now. */
        IMPORTED,
        /** It took the place of another release of its year, or of its base's names. */
        REPLACED,
        /** The store holds it already, byte for byte: nothing was written. */
        UNCHANGED,
        /** A names file older than the stored one: left out; the games still import. */
        KEPT_BACK,
        /** Not imported: {@link ImportedFile#error()} and {@link ImportedFile#reason()} say why. */
        REFUSED
    }
}
