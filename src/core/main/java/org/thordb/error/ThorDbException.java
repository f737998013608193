package org.thordb.error;

import java.nio.file.Path;

/**
 * The one exception type of thordb: unchecked, with an {@link ErrorCode} and a one-line message.
 *
 * <p>File errors name the file and, where known, the record or byte offset, in the form
 * {@code FILE: record N: reason} or {@code FILE: reason (byte offset N)}.
 *
 * <p>Usage: {@code throw ThorDbException.atOffset(ErrorCode.BAD_FILE, path, 4, "N1 is 12 but the file holds 11 records");}
 */
public final class ThorDbException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final String detail;
    /** The file the error is in, when it is about one; not serialized (a Path is not). */
    private final transient Path file;
    private final long byteOffset;
    private final long record;

    private ThorDbException(ErrorCode code, String message, Path file, long byteOffset, long record, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.detail = null;
        this.file = file;
        this.byteOffset = byteOffset;
        this.record = record;
    }

    /** An error with a plain message. */
    public ThorDbException(ErrorCode code, String message) {
        super(message);
        this.code = code;
        this.detail = null;
        this.file = null;
        this.byteOffset = -1;
        this.record = -1;
    }

    /**
     * An error with a one-line message and a detail of several lines to show under it: the text of
     * a query with a caret under the spot, say.
     */
    public ThorDbException(ErrorCode code, String message, String detail) {
        super(message);
        this.code = code;
        this.detail = detail;
        this.file = null;
        this.byteOffset = -1;
        this.record = -1;
    }

    /** An error with a plain message and its cause. */
    public ThorDbException(ErrorCode code, String message, Throwable cause) {
        this(code, message, null, -1, -1, cause);
    }

    /**
     * Text from outside (a user's input, a file's bytes) made fit to stand in a one-line message:
     * control characters escaped ({@code \n}, {@code \u001b}), and at most 60 characters kept.
     */
    public static String quote(String text) {
        return escape(text, 60);
    }

    /**
     * A message from a library underneath (RocksDB's, naming the file it failed on) made fit for a
     * one-line message: control characters escaped, kept whole up to 1,000 characters.
     */
    public static String whole(String text) {
        return escape(text, 1000);
    }

    private static String escape(String text, int keep) {
        if (text == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length() && sb.length() < keep; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.length() < keep || text.length() <= keep ? sb.toString() : sb + "…";
    }

    /** {@code FILE: reason (byte offset N)}. */
    public static ThorDbException atOffset(ErrorCode code, Path file, long offset, String reason) {
        return new ThorDbException(code, file + ": " + reason + " (byte offset " + offset + ")", file, offset, -1, null);
    }

    /** {@code FILE: record N: reason}, records numbered from 0. */
    public static ThorDbException atRecord(ErrorCode code, Path file, long record, String reason) {
        return new ThorDbException(code, file + ": record " + record + ": " + reason, file, -1, record, null);
    }

    /** {@code FILE: reason}, for an input/output failure. */
    public static ThorDbException io(Path file, java.io.IOException e) {
        String why = e == null ? "input/output failed" : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof java.nio.file.NoSuchFileException) {
            why = "no such file";
        } else if (e instanceof java.nio.file.AccessDeniedException) {
            why = "access denied";
        } else if (e instanceof java.nio.file.FileAlreadyExistsException) {
            why = "a file is in the way: " + (java.nio.file.Files.isDirectory(file) ? "it exists" : "it exists and is not a folder");
        } else if (e instanceof java.nio.file.NotDirectoryException) {
            why = "a part of the path is a file, not a folder";
        } else if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            why = f.getReason(); // the operating system's words, without the path said twice
        }
        return new ThorDbException(ErrorCode.IO, file + ": " + why, file, -1, -1, e);
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
    public java.util.Optional<Path> file() {
        return java.util.Optional.ofNullable(file);
    }

    /** The byte offset in {@link #file()} where the fault is, when it is known. */
    public java.util.OptionalLong byteOffset() {
        return byteOffset < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(byteOffset);
    }

    /** The record of {@link #file()} (from 0) that is at fault, when it is known. */
    public java.util.OptionalLong record() {
        return record < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(record);
    }
}
