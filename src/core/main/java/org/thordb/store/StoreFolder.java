package org.thordb.store;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * What a folder holds before RocksDB is let near it: nothing of a store, a store, or a damaged
 * store (store files, but no usable {@code CURRENT}). RocksDB opened with "create if missing" on a
 * folder without {@code CURRENT} writes a new, empty store there and then deletes every table file
 * the new manifest does not name: the old store's games. So a writer opens only an empty folder or
 * a sound store, and a damaged one is refused with {@link ErrorCode#CORRUPT} until
 * {@link #recoverCurrent(Path)} (run by {@code thordb verify --db DIR --repair}) has pointed
 * {@code CURRENT} at a manifest that opens.
 *
 * <p>Usage: {@code if (StoreFolder.inspect(dir).state() == StoreFolder.State.DAMAGED) StoreFolder.recoverCurrent(dir);}
 */
public final class StoreFolder {
    private StoreFolder() {
    }

    /** What a folder is, for a store. */
    public enum State {
        /** No folder, or a folder without any store file: a store may be made there. */
        NONE,
        /** A store: {@code CURRENT} names a manifest that is there. */
        STORE,
        /** Store files without a usable {@code CURRENT}: never to be opened as new. */
        DAMAGED
    }

    /**
     * What was found.
     *
     * @param state the verdict
     * @param why for a damaged store, what is wrong and what is there, in words; else empty
     */
    public record Inspection(State state, String why) {
    }

    /**
     * The number of a manifest's file name ({@code MANIFEST-} and digits), or -1 for any other
     * name: by hand, as a regular expression compiled at a store's every open cost a one-shot
     * command 3 ms of its start.
     */
    static long manifestNumber(String n) {
        return n.startsWith("MANIFEST-") ? digits(n, "MANIFEST-".length(), n.length()) : -1;
    }

    /** Whether {@code n} is digits then {@code suffix} ({@code 000012.log}). */
    private static boolean digitsThen(String n, String suffix) {
        return n.endsWith(suffix) && digits(n, 0, n.length() - suffix.length()) >= 0;
    }

    /** The number {@code n}'s characters from {@code from} to {@code to} spell, or -1 if they are not all digits (or none, or too many). */
    private static long digits(String n, int from, int to) {
        if (to <= from || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = n.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * The mark a repair leaves in a store's folder while it works ({@code verify --repair}): a store
     * that holds it was left half-repaired by a kill, and is refused until a repair finishes.
     */
    public static final String REPAIRING = "THORDB-REPAIRING";

    /** Looks at a folder's file names (and {@code CURRENT}'s few bytes); opens nothing. */
    public static Inspection inspect(Path dir) {
        return inspect(dir, false);
    }

    /** {@link #inspect(Path)}, passing over the mark of an interrupted repair ({@code repairing}: for the repair that finishes it). */
    public static Inspection inspect(Path dir, boolean repairing) {
        if (!Files.isDirectory(dir)) {
            return new Inspection(State.NONE, "");
        }
        if (!repairing && Files.exists(dir.resolve(REPAIRING))) {
            return new Inspection(State.DAMAGED, "a repair of it was interrupted (" + REPAIRING + " is here)");
        }
        List<String> manifests = new ArrayList<>();
        int tables = 0;
        int logs = 0;
        boolean other = false;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String n = p.getFileName().toString();
                if (manifestNumber(n) >= 0) {
                    manifests.add(n);
                } else if (n.endsWith(".sst")) {
                    tables++;
                } else if (digitsThen(n, ".log")) {
                    logs++;
                } else if (n.equals("LOG") || n.startsWith("LOG.old") || n.startsWith("OPTIONS-") || n.equals("IDENTITY")) {
                    other = true;
                }
            }
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        Path current = dir.resolve("CURRENT");
        String problem = null;
        if (!Files.exists(current)) {
            problem = "its CURRENT file is missing";
        } else {
            String named = currentManifest(dir);
            if (named == null) {
                problem = "its CURRENT file does not name a manifest";
            } else if (!Files.isRegularFile(dir.resolve(named))) {
                problem = "its CURRENT file names " + named + ", which is not there";
            } else {
                return new Inspection(State.STORE, "");
            }
        }
        if (manifests.isEmpty() && tables == 0 && logs == 0 && !other) {
            return new Inspection(problem.startsWith("its CURRENT file is missing") ? State.NONE : State.DAMAGED,
                    problem.startsWith("its CURRENT file is missing") ? "" : problem);
        }
        manifests.sort(Comparator.comparingLong(StoreFolder::manifestNumber));
        String what = (manifests.isEmpty() ? "no manifest" : String.join(", ", manifests)) + ", " + tables
                + (tables == 1 ? " table file" : " table files") + " and " + logs + (logs == 1 ? " log" : " logs")
                + " are here";
        return new Inspection(State.DAMAGED, problem + ", though " + what);
    }

    /**
     * Whether a file of a store's folder is one of the store's own, RocksDB's or thordb's (a
     * rebuild's swap moves exactly these; the writer's lock, {@code lost+found/} and anything else
     * stay where they are).
     */
    public static boolean storeFile(String n) {
        return n.matches("\\d+\\.(sst|log|blob)") || manifestNumber(n) >= 0 || n.matches("OPTIONS-\\d+(\\.dbtmp)?")
                || n.equals("CURRENT") || n.equals("CURRENT.damaged") || n.equals("CURRENT.tmp") || n.equals("IDENTITY")
                || n.equals("LOCK") || n.equals("LOG") || n.startsWith("LOG.old.") || n.equals(StoreState.FILE)
                || n.equals(StoreState.FILE + ".tmp");
    }

    /** The manifest {@code CURRENT} names, or null when it names none. */
    private static String currentManifest(Path dir) {
        try {
            byte[] b = Files.readAllBytes(dir.resolve("CURRENT"));
            if (b.length > 64) {
                return null;
            }
            String s = new String(b, StandardCharsets.US_ASCII);
            if (!s.endsWith("\n")) {
                return null;
            }
            s = s.substring(0, s.length() - 1);
            return manifestNumber(s) >= 0 ? s : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The error a command gives for a damaged store: what is wrong, and the one command that
     * mends it.
     */
    public static ThorDbException damaged(Path dir, Inspection i) {
        return Faults.of(ErrorCode.CORRUPT, dir + ": a damaged store: " + i.why()
                + "; nothing was changed: 'thordb verify --db " + dir + " --repair' recovers it");
    }

    /** Refuses a damaged store with {@link #damaged}; returns the inspection otherwise. */
    public static Inspection requireNotDamaged(Path dir) {
        Inspection i = inspect(dir);
        if (i.state() == State.DAMAGED) {
            throw damaged(dir, i);
        }
        return i;
    }

    /**
     * Points {@code CURRENT} at the newest manifest of the folder that RocksDB opens (read-only,
     * every column family) and returns its name. The old {@code CURRENT}, if any, is kept beside as
     * {@code CURRENT.damaged}. Throws {@link ErrorCode#CORRUPT} when no manifest opens: the store's
     * files are then left exactly as they were.
     */
    public static String recoverCurrent(Path dir) {
        List<String> manifests = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "MANIFEST-*")) {
            for (Path p : files) {
                if (manifestNumber(p.getFileName().toString()) >= 0) {
                    manifests.add(p.getFileName().toString());
                }
            }
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        if (manifests.isEmpty()) {
            throw Faults.of(ErrorCode.CORRUPT, dir + ": the store cannot be recovered here: no manifest is"
                    + " left to say which table files make it up; its files were left as they are");
        }
        manifests.sort(Comparator.comparingLong(StoreFolder::manifestNumber).reversed());
        Path current = dir.resolve("CURRENT");
        try {
            if (Files.exists(current)) {
                Files.move(current, dir.resolve("CURRENT.damaged"), StandardCopyOption.REPLACE_EXISTING);
            }
            List<String> tried = new ArrayList<>();
            for (String m : manifests) {
                writeCurrent(dir, m);
                String failure = opens(dir);
                if (failure == null) {
                    return m;
                }
                tried.add(m + " (" + failure + ")");
            }
            Files.deleteIfExists(current);
            throw Faults.of(ErrorCode.CORRUPT, dir + ": the store cannot be recovered here: no manifest"
                    + " opens: " + String.join("; ", tried) + "; its files were left as they are");
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
    }

    private static void writeCurrent(Path dir, String manifest) {
        StoreState.writeAtomically(dir.resolve("CURRENT"), (manifest + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** Null when the store opens read-only with its catalog readable; else why not. */
    private static String opens(Path dir) {
        try (RocksStore s = RocksStore.openReadOnly(dir); Store.View v = s.view()) {
            v.get(Store.Space.META, Catalog.SCHEMA_KEY);
            return null;
        } catch (ThorDbException e) {
            return e.getMessage();
        }
    }
}
