package org.thordb.error;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.thordb.fault.Faults;

/**
 * The one exception type of thordb: unchecked, with an {@link ErrorCode} and a one-line message.
 * Only thordb makes them (it has no public constructor); a caller reads them.
 *
 * <p>File errors name the file and, where known, the record or byte offset, in the form
 * {@code FILE: record N: reason} or {@code FILE: reason (byte offset N)}, and give them as fields
 * ({@link #file()}, {@link #record()}, {@link #byteOffset()}). A query error
 * ({@link ErrorCode#QUERY}) gives its {@link #line()}, {@link #column()} and
 * {@link #offendingText()}, and the query's line with a caret as its {@link #detail()}.
 *
 * <p>Usage: {@code catch (ThorDbException e) { if (e.code() == ErrorCode.QUERY) mark(e.line().orElse(1), e.column().orElse(1)); }}
 */
public final class ThorDbException extends RuntimeException {
    private static final long serialVersionUID = 2L;

    static {
        // thordb's own packages make these through Faults, which reaches the constructor below
        Faults.maker(ThorDbException::new);
    }

    private final ErrorCode code;
    private final String detail;
    /** The file the error is in, when it is about one; not serialized (a Path is not). */
    private final transient Path file;
    private final long byteOffset;
    private final long record;
    private final int line;
    private final int column;
    private final String offendingText;

    private ThorDbException(ErrorCode code, String message, String detail, Path file, long byteOffset, long record,
            int line, int column, String offendingText, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.detail = detail;
        this.file = file;
        this.byteOffset = byteOffset;
        this.record = record;
        this.line = line;
        this.column = column;
        this.offendingText = offendingText;
    }

    /** Lines to show under the message (a caret under the spot of a query error), or null. */
    public String detail() {
        return detail;
    }

    /** The error code. */
    public ErrorCode code() {
        return code;
    }

    /** The file the error is in, when it is about one file. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** The byte offset in {@link #file()} where the fault is, when it is known. */
    public OptionalLong byteOffset() {
        return byteOffset < 0 ? OptionalLong.empty() : OptionalLong.of(byteOffset);
    }

    /** The record of {@link #file()} (from 0) that is at fault, when it is known. */
    public OptionalLong record() {
        return record < 0 ? OptionalLong.empty() : OptionalLong.of(record);
    }

    /** A query error's line in the query, from 1. */
    public OptionalInt line() {
        return line < 1 ? OptionalInt.empty() : OptionalInt.of(line);
    }

    /** A query error's column in its {@link #line()}, from 1. */
    public OptionalInt column() {
        return column < 1 ? OptionalInt.empty() : OptionalInt.of(column);
    }

    /**
     * A query error's text at its spot, as it stands in the query (the word or quoted name there;
     * empty at the end of the query).
     */
    public Optional<String> offendingText() {
        return Optional.ofNullable(offendingText);
    }
}
