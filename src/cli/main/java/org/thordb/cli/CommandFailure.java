package org.thordb.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.thordb.error.ErrorCode;

/**
 * An error of the command line itself (an argument it refuses, a file it cannot read or write),
 * with the code a {@link org.thordb.error.ThorDbException} would carry: it is said and exits as the
 * library's errors do (one line, status 2). The library makes its own exceptions alone; the command
 * line, one of its embedders, says its own errors with this.
 *
 * <p>Usage: {@code throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 or more, not " + limit);}
 */
final class CommandFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorCode code;

    private CommandFailure(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** An error with its code and a one-line message. */
    static CommandFailure of(ErrorCode code, String message) {
        return new CommandFailure(code, message, null);
    }

    /** An error with its code, a one-line message and its cause. */
    static CommandFailure of(ErrorCode code, String message, Throwable cause) {
        return new CommandFailure(code, message, cause);
    }

    /** {@code FILE: reason}, for a file the command line could not read or write. */
    static CommandFailure io(Path file, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file"
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new CommandFailure(ErrorCode.IO, file + ": " + why, e);
    }

    /** The kind of error, as the library's errors say theirs. */
    ErrorCode code() {
        return code;
    }
}
