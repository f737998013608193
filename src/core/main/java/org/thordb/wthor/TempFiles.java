package org.thordb.wthor;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The temporary file a written file is made in before it is moved into place atomically. Made
 * with the permissions any new file of the user gets (their umask: {@code -rw-r--r--} for most),
 * not the owner-only ones of {@link Files#createTempFile}, since the file becomes the output that
 * is shared or served.
 *
 * <p>Usage: {@code Path tmp = TempFiles.beside(target); ...; Files.move(tmp, target, ATOMIC_MOVE);}
 */
public final class TempFiles {
    private TempFiles() {
    }

    /** A new empty file in the target's folder, named {@code .TARGET.<random>.tmp}. */
    public static Path beside(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(ThreadLocalRandom.current()
                    .nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(p); // the default permissions: what the umask leaves
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }
}
