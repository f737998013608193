package org.thordb.ingest;

import java.nio.file.Path;
import org.thordb.error.ThorDbException;

/**
 * What an import did with one file: imported (new or in place of an older release), left as
 * stored, kept back (older names), or refused with the error that says why.
 *
 * <p>Usage: {@code report.outcomes().stream().filter(o -> o.kind() == FileOutcome.Kind.REFUSED).forEach(o -> log(o.error()));}
 *
 * @param file the file
 * @param kind what became of it
 * @param games the games it added (for a refused text source, those before the fault are not kept)
 * @param error why it was refused, or null
 */
public record FileOutcome(Path file, Kind kind, long games, ThorDbException error) {
    /** What became of a file. */
    public enum Kind {
        /** Its games or names are in the store now, none of them were before. */
        IMPORTED,
        /** It took the place of another release of its year (or of its base's names). */
        REPLACED,
        /** The store holds it already, byte for byte. */
        UNCHANGED,
        /** A names file older than the stored one: left out, and the games still import. */
        KEPT_BACK,
        /** Not imported: {@link FileOutcome#error()} says why. */
        REFUSED
    }
}
