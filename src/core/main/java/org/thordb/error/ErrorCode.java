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
    /** The store on disk is missing, or the engine failed in a way none of the codes below names. */
    STORE,
    /** The store is open for writing in another process (or already in this one). */
    LOCKED,
    /** The store's bytes are damaged: a checksum failed, or a value does not decode. The message names the key's family. */
    CORRUPT,
    /** A write was asked of a store opened read-only. */
    READ_ONLY,
    /** The store was made by a thordb with another schema. */
    SCHEMA,
    /** The store, or a result read from it, is closed. */
    CLOSED,
    /** A query could not be parsed or planned. */
    QUERY,
    /** The work was stopped before its end: its thread was interrupted (a server's time limit, say). */
    CANCELLED
}
