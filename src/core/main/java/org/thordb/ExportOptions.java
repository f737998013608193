package org.thordb;

import java.util.Locale;
import java.util.function.Consumer;

import org.thordb.error.ErrorCode;
import org.thordb.export.Exporter;
import org.thordb.fault.Faults;

/**
 * How an export treats the files already in its folder, who hears how it goes, and what it adds to
 * the games written: nothing replaced, nothing told, every game, as the bases name them, by
 * default, each changed by a method that returns a new value. The notes are what {@code thordb
 * export} prints as {@code note:} lines: names shortened or respelt for WTHOR's 20 bytes, games
 * without a theoretical score and how they were written, scores solved for the export.
 *
 * <p>Usage: {@code db.export("year = 2015", Path.of("out"), ExportFormat.WTHOR, ExportOptions.defaults().replacing());}
 */
public final class ExportOptions {
    private final boolean replacing;
    private final Progress progress;
    private final Consumer<String> notes;
    private final long limit;
    private final boolean positions;
    private final String split;
    private final long seed;
    private final boolean sourceNames;
    private final String unknownTheoretical;
    private final int theoreticalDepth;

    private ExportOptions(boolean replacing, Progress progress, Consumer<String> notes, long limit, boolean positions,
                          String split, long seed, boolean sourceNames, String unknownTheoretical, int theoreticalDepth) {
        this.replacing = replacing;
        this.progress = progress;
        this.notes = notes;
        this.limit = limit;
        this.positions = positions;
        this.split = split;
        this.seed = seed;
        this.sourceNames = sourceNames;
        this.unknownTheoretical = unknownTheoretical;
        this.theoreticalDepth = theoreticalDepth;
    }

    /** Existing files are not replaced (the export is refused, naming the file); no progress told. */
    public static ExportOptions defaults() {
        return new ExportOptions(false, Progress.NONE, m -> { }, 0, false, null, 0, false, null, -1);
    }

    /**
     * Replaces files of the same names in the folder (never a WTHOR file dated after this export's);
     * the new files are all written first, and the old ones are replaced only when every one is.
     */
    public ExportOptions replacing() {
        return new ExportOptions(true, progress, notes, limit, positions, split, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /** Tells {@code progress} of the games written ({@code "export"}) and solved first ({@code "solve"}). */
    public ExportOptions progress(Progress progress) {
        if (progress == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the progress is null; Progress.NONE tells nothing");
        }
        return new ExportOptions(replacing, progress, notes, limit, positions, split, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /**
     * Tells {@code notes} each note of the export, once it is written (the command line's
     * {@code note:} lines, word for word).
     */
    public ExportOptions notes(Consumer<String> notes) {
        if (notes == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the notes' listener is null; leave it out to hear nothing");
        }
        return new ExportOptions(replacing, progress, notes, limit, positions, split, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /** At most {@code games} games, the first in id order (0: every game). */
    public ExportOptions limit(long games) {
        if (games < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "an export's limit is 0 (every game) or more, not " + games);
        }
        return new ExportOptions(replacing, progress, notes, games, positions, split, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /**
     * A row a move played (game, ply, board, side to move, move, final and theoretical disc
     * difference from the mover's side) rather than a row a game: CSV and JSON lines only.
     */
    public ExportOptions positions() {
        return new ExportOptions(replacing, progress, notes, limit, true, split, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /**
     * The games split into parts, a file each ({@code train=0.9,valid=0.1}), drawn with {@code seed}: a
     * game and its duplicates always go to the same part. One-file formats only, into a folder.
     */
    public ExportOptions split(String parts, long seed) {
        String p = Checks.notNull(parts, "the parts");
        return new ExportOptions(replacing, progress, notes, limit, positions, p, seed, sourceNames, unknownTheoretical,
                theoreticalDepth);
    }

    /**
     * Each player written as the source names them, not by the player's preferred name across
     * bases (a WTHOR export always writes a base's own names files).
     */
    public ExportOptions sourceNames() {
        return new ExportOptions(replacing, progress, notes, limit, positions, split, seed, true, unknownTheoretical,
                theoreticalDepth);
    }

    /**
     * WTHOR only: what is written for a game whose theoretical score is unknown: {@code solve} (at
     * the file's depth, when that takes about a minute: the default), {@code zero} or {@code score}
     * (its final score).
     */
    public ExportOptions unknownTheoretical(String how) {
        String h = Checks.notNull(how, "how an unknown theoretical score is written").strip().toLowerCase(Locale.ROOT);
        if (!h.equals("solve") && !h.equals("zero") && !h.equals("score")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "an unknown theoretical score is written as solve, zero or score, not '"
                    + Faults.quote(how) + "'");
        }
        return new ExportOptions(replacing, progress, notes, limit, positions, split, seed, sourceNames, h, theoreticalDepth);
    }

    /** WTHOR only: every game's theoretical score solved at {@code empties} empties, the files' depth (0 to 60). */
    public ExportOptions theoreticalDepth(int empties) {
        if (empties < 0 || empties > 60) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a theoretical depth is 0 to 60 empties, not " + empties);
        }
        return new ExportOptions(replacing, progress, notes, limit, positions, split, seed, sourceNames, unknownTheoretical,
                empties);
    }

    /** Who hears the export's notes. */
    public Consumer<String> notes() {
        return notes;
    }

    /** Whether existing files are replaced. */
    public boolean isReplacing() {
        return replacing;
    }

    /** Who is told how the export goes. */
    public Progress progress() {
        return progress;
    }

    /** Whether the export writes positions, a row a move. */
    public boolean isPositions() {
        return positions;
    }

    /** The parts of a split, or null for none. */
    public String splitParts() {
        return split;
    }

    /** What these options add to an exporter (the use case's): each checked against its format as it is added. */
    Exporter applyTo(Exporter e) {
        e.withLimit(limit);
        if (positions) {
            e.withPositions();
        }
        if (split != null) {
            e.withSplit(split, seed);
        }
        if (sourceNames) {
            e.withSourceNames();
        }
        if (unknownTheoretical != null) {
            e.withUnknownTheoretical(Exporter.UnknownTheoretical.valueOf(unknownTheoretical.toUpperCase(Locale.ROOT)));
        }
        if (theoreticalDepth >= 0) {
            e.withTheoreticalDepth(theoreticalDepth);
        }
        long[] solving = {-1};
        long[] solvedSoFar = {0};
        return e.withSolving(n -> {
            solving[0] = n;
            progress.update("solve", 0, n);
        }).withProgress(n -> progress.update("solve", solvedSoFar[0] += n, solving[0])) // the exporter tells each game solved
                .withWritten(progress::update);
    }

    @Override
    public String toString() {
        return "ExportOptions[replacing=" + replacing + (limit > 0 ? ", limit=" + limit : "") + (positions ? ", positions" : "")
                + (split != null ? ", split=" + split + " seed " + seed : "") + (sourceNames ? ", source names" : "")
                + (unknownTheoretical != null ? ", unknown theoretical " + unknownTheoretical : "")
                + (theoreticalDepth >= 0 ? ", theoretical at " + theoreticalDepth : "") + "]";
    }
}
