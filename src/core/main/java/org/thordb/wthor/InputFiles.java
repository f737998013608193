package org.thordb.wthor;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;

/**
 * What thordb agrees to read: regular files (and folders of them, for an import). A named pipe
 * would make a reader wait forever for a writer, a device read without end; both are refused at
 * once with what they are.
 *
 * <p>Usage: {@code InputFiles.requireRegularFile(Path.of("WTH_2015.wtb"));}
 */
public final class InputFiles {
    private InputFiles() {
    }

    /** Refuses anything but a regular file (a link to one is one). */
    public static void requireRegularFile(Path in) {
        if (!Files.exists(in, LinkOption.NOFOLLOW_LINKS)) {
            throw Faults.of(ErrorCode.IO, in + ": no such file");
        }
        if (Files.isDirectory(in)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, in + ": a folder, not a file");
        }
        requireFileOrFolder(in);
    }

    /**
     * Refuses at once what is neither a folder nor a regular file (a FIFO would make the import
     * wait forever for a writer, a device read without end), and says what a path is when it is
     * not there: a link to nowhere, a loop of links.
     */
    public static void requireFileOrFolder(Path in) {
        if (Files.isDirectory(in) || Files.isRegularFile(in)) {
            return;
        }
        if (Files.isSymbolicLink(in)) {
            try {
                in.toRealPath();
            } catch (FileSystemException e) {
                boolean loop = e.getMessage() != null && e.getMessage().contains("Too many levels of symbolic links");
                throw Faults.of(ErrorCode.IO, in + (loop ? ": a loop of symbolic links" : ": a symbolic link to "
                        + "nothing (" + readLink(in) + " is not there)"), e);
            } catch (IOException e) {
                throw Faults.io(in, e);
            }
        }
        if (Files.exists(in)) {
            String what = "neither a regular file nor a folder";
            try {
                Object kind = Files.readAttributes(in, "unix:mode").get("mode");
                int type = kind instanceof Integer m ? m & 0170000 : 0;
                what = switch (type) {
                    case 0010000 -> "a named pipe (FIFO)";
                    case 0020000 -> "a character device";
                    case 0060000 -> "a block device";
                    case 0140000 -> "a socket";
                    default -> what;
                };
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
                // the plain words then
            }
            throw Faults.of(ErrorCode.BAD_ARGUMENT, in + ": " + what + ": thordb reads regular files only");
        }
        throw Faults.of(ErrorCode.IO, in + ": no such file or folder");
    }

    private static String readLink(Path p) {
        try {
            return String.valueOf(Files.readSymbolicLink(p));
        } catch (IOException e) {
            return "its target";
        }
    }

}
