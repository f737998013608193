package org.thordb.error;

/**
 * What went wrong, as a stable code that callers can switch on.
 *
 * <p>Usage: {@code if (e.code() == ErrorCode.BAD_FILE) skip(file);}
 */
public enum ErrorCode {
    /** A file is not a sound file of its kind as a whole: size, header, or not WTHOR at all. */
    BAD_FILE,
    /** One record of an otherwise sound file is damaged: bad bytes, illegal move. */
    BAD_RECORD,
    /** A move, transcript, board string or text record could not be understood. */
    BAD_NOTATION,
    /** A move is not legal in the position it is played in. */
    ILLEGAL_MOVE,
    /** Reading or writing a file failed in the operating system. */
    IO,
    /** A call was made with arguments it does not accept. */
    BAD_ARGUMENT,
    /** The store on disk is missing, in use, damaged or of another schema. */
    STORE,
    /** A query could not be parsed or planned. */
    QUERY
}
