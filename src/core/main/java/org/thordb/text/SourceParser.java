package org.thordb.text;

import java.io.IOException;
import java.nio.file.Path;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.fault.Faults;

/**
 * One text format's reader of games, a game at a time: {@link SourceReader} picks the one its
 * file's content names ({@link GgfParser}, {@link PgnParser}, {@link LineParser},
 * {@link RecordParser}, {@link SchemaParser}).
 *
 * <p>Usage: {@code for (SourceGame g; (g = parser.next()) != null; ) ...}
 */
interface SourceParser {
    /** The next game, or null at the end. */
    SourceGame next() throws IOException;

    /** A file's bad input, where it is and why, in one line. */
    static ThorDbException broken(Path file, String where, String why) {
        return Faults.of(ErrorCode.BAD_FILE, file + ": " + where + ": " + why);
    }
}
