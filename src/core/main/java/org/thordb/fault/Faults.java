package org.thordb.fault;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * Where thordb makes its {@link ThorDbException}s, and the helpers that make their messages one
 * line. The exception has no public constructor, so that only the library makes them; this
 * package is not exported, and the exception hands its constructor over when its class is
 * initialised (as the JDK's shared secrets do).
 *
 * <p>Usage: {@code throw Faults.atRecord(ErrorCode.BAD_RECORD, path, 12, "move 31 is not legal");}
 */
public final class Faults {
    /** ThorDbException's constructor, as the exception hands it over. */
    @FunctionalInterface
    public interface Maker {
        /** A new exception with every field (-1 or null where there is none). */
        ThorDbException make(ErrorCode code, String message, String detail, Path file, long byteOffset, long record,
                int line, int column, String offendingText, Throwable cause);
    }

    // no initialiser: ThorDbException's class initialiser sets it, possibly while this class is
    // being initialised (an initialiser here would then set it back to null)
    private static volatile Maker maker;

    private Faults() {
    }

    /** Called once, by ThorDbException's class initialiser. */
    public static void maker(Maker m) {
        if (maker != null) {
            throw new IllegalStateException("ThorDbException's maker is set once");
        }
        maker = m;
    }

    private static Maker maker() {
        Maker m = maker;
        if (m == null) {
            try {
                Class.forName(ThorDbException.class.getName(), true, ThorDbException.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            m = maker;
        }
        return m;
    }

    /** An error with a plain message. */
    public static ThorDbException of(ErrorCode code, String message) {
        return maker().make(code, message, null, null, -1, -1, 0, 0, null, null);
    }

    /**
     * An error with a one-line message and a detail of several lines to show under it: the text of
     * a query with a caret under the spot, say.
     */
    public static ThorDbException of(ErrorCode code, String message, String detail) {
        return maker().make(code, message, detail, null, -1, -1, 0, 0, null, null);
    }

    /** An error with a plain message and its cause. */
    public static ThorDbException of(ErrorCode code, String message, Throwable cause) {
        return maker().make(code, message, null, null, -1, -1, 0, 0, null, cause);
    }

    /** A query error at a line and column (from 1), the text found there, and the caret lines. */
    public static ThorDbException query(String message, String detail, int line, int column, String offendingText) {
        return maker().make(ErrorCode.QUERY, message, detail, null, -1, -1, line, column, offendingText, null);
    }

    /** {@code FILE: reason (byte offset N)}. */
    public static ThorDbException atOffset(ErrorCode code, Path file, long offset, String reason) {
        return maker().make(code, file + ": " + reason + " (byte offset " + offset + ")", null, file, offset, -1, 0, 0, null, null);
    }

    /** {@code FILE: record N: reason}, records numbered from 0. */
    public static ThorDbException atRecord(ErrorCode code, Path file, long record, String reason) {
        return maker().make(code, file + ": record " + record + ": " + reason, null, file, -1, record, 0, 0, null, null);
    }

    /** {@code FILE: reason}, for an input/output failure. */
    public static ThorDbException io(Path file, IOException e) {
        String why = e == null ? "input/output failed" : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof NoSuchFileException) {
            why = "no such file";
        } else if (e instanceof AccessDeniedException) {
            why = "access denied";
        } else if (e instanceof FileAlreadyExistsException) {
            why = "a file is in the way: " + (Files.isDirectory(file) ? "it exists" : "it exists and is not a folder");
        } else if (e instanceof NotDirectoryException) {
            why = "a part of the path is a file, not a folder";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            why = f.getReason(); // the operating system's words, without the path said twice
        }
        return maker().make(ErrorCode.IO, file + ": " + why, null, file, -1, -1, 0, 0, null, e);
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
}
