package org.thordb.store;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;
import org.thordb.error.ThorDbException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Locale;

/**
 * Where a store keeps the files it cannot account for: {@code lost+found/} inside the store's
 * folder, one dated folder per operation that set files aside, each with a {@code README.txt}
 * saying what was moved there and why. thordb never deletes a file it did not write in the same
 * operation (a table file the manifest no longer names, the files of a store a repair replaced):
 * it moves it here, as fsck and SQLite keep what they cannot place, and {@code thordb verify}
 * says how many bytes sit here. RocksDB never looks into folders of its store's folder.
 *
 * <p>Usage: {@code Path kept = LostAndFound.moveAside(dir, List.of(dir.resolve("000042.sst")), "not named by the manifest");}
 */
public final class LostAndFound {
    private LostAndFound() {
    }

    /** The folder's name inside a store. */
    public static final String FOLDER = "lost+found";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'");

    /** A new dated folder under the store's {@code lost+found/} (a suffix when one of the same second exists). */
    public static Path newFolder(Path dir) {
        Path root = dir.resolve(FOLDER);
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
        try {
            Files.createDirectories(root);
            for (int i = 0; ; i++) {
                Path p = root.resolve(i == 0 ? stamp : stamp + "-" + i);
                try {
                    Files.createDirectory(p);
                    return p;
                } catch (FileAlreadyExistsException e) {
                    // another of the same second: take the next suffix
                }
            }
        } catch (IOException e) {
            throw Faults.io(root, e);
        }
    }

    /**
     * Moves files of a store's folder into a new dated folder of its {@code lost+found/}, with a
     * README line each saying why; returns that folder (null when there was nothing to move).
     */
    public static Path moveAside(Path dir, List<Path> files, String why) {
        if (files.isEmpty()) {
            return null;
        }
        Path to = newFolder(dir);
        moveInto(to, files, why);
        return to;
    }

    /** Moves files into a folder of {@code lost+found/} (made by {@link #newFolder}), noting why in its README. */
    public static void moveInto(Path to, List<Path> files, String why) {
        StringBuilder note = new StringBuilder();
        try {
            for (Path f : files) {
                if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                Files.move(f, to.resolve(f.getFileName()), StandardCopyOption.ATOMIC_MOVE);
                note.append(f.getFileName()).append(": ").append(why).append('\n');
            }
            Files.write(to.resolve("README.txt"), note.toString().getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            StoreState.syncFolder(to);
            StoreState.syncFolder(to.getParent().getParent());
        } catch (IOException e) {
            throw Faults.io(to, e);
        }
    }

    /**
     * Keeps files that something else is about to delete (RocksDB, dropping a family): hard links
     * to them in a new dated folder of {@code lost+found/} (copies where the file system has no
     * links), with a README line each saying why; returns that folder (null when there were none).
     */
    public static Path keepBeforeDeletion(Path dir, List<Path> files, String why) {
        if (files.isEmpty()) {
            return null;
        }
        Path to = newFolder(dir);
        StringBuilder note = new StringBuilder();
        try {
            for (Path f : files) {
                try {
                    Files.createLink(to.resolve(f.getFileName()), f);
                } catch (UnsupportedOperationException | IOException e) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
                note.append(f.getFileName()).append(": ").append(why).append('\n');
            }
            Files.write(to.resolve("README.txt"), note.toString().getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw Faults.io(to, e);
        }
        return to;
    }

    /**
     * What a store's {@code lost+found/} holds: its dated folders and their bytes in all.
     *
     * @param folders the dated folders, oldest first
     * @param bytes the bytes of every file in them
     */
    public record Contents(List<String> folders, long bytes) {
        /** "2 folders, 37.1 MB in lost+found/", or empty when there is none. */
        public String describe(Path dir) {
            if (folders.isEmpty()) {
                return "";
            }
            return String.format(Locale.ROOT, "%,d bytes set aside in %s (%d folder%s, newest %s)", bytes,
                    dir.resolve(FOLDER), folders.size(), folders.size() == 1 ? "" : "s", folders.get(folders.size() - 1));
        }
    }

    /** What a store's {@code lost+found/} holds (nothing when it has none). */
    public static Contents contents(Path dir) {
        Path root = dir.resolve(FOLDER);
        if (!Files.isDirectory(root)) {
            return new Contents(List.of(), 0);
        }
        List<String> folders = new ArrayList<>();
        long[] bytes = {0};
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            for (Path p : ds) {
                if (Files.isDirectory(p)) {
                    folders.add(p.getFileName().toString());
                }
            }
            try (Stream<Path> all = Files.walk(root)) {
                all.filter(Files::isRegularFile).forEach(p -> {
                    try {
                        bytes[0] += Files.size(p);
                    } catch (IOException e) {
                        // gone meanwhile
                    }
                });
            }
        } catch (IOException e) {
            throw Faults.io(root, e);
        }
        Collections.sort(folders);
        return new Contents(folders, bytes[0]);
    }
}
