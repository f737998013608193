package org.thordb.engine;

import org.thordb.othello.Notation;
import org.thordb.store.Catalog;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;
import org.thordb.store.FileRow;

/**
 * A stored game with its names resolved in its own base.
 *
 * <p>Usage: {@code StoredGame g = db.game("WTHOR", 2015, 0).orElseThrow(); System.out.println(g.black() + " " + g.moves());}
 *
 * @param id the game id
 * @param base the base name
 * @param year the year of its file
 * @param record the record number within the file, from 0
 * @param black Black's name (or {@code #N} when the number is unknown)
 * @param white White's name
 * @param tournament the tournament's name
 * @param record68 the WTHOR record, byte for byte
 * @param damage why the game is damaged, or null
 * @param theoreticalKnown whether the record's theoretical score is known (its file says it, or its
 *     text source gave it); an unknown one is no value, whatever byte 7 holds
 * @param theoreticalDepth the empties the known score was computed at (0 when unknown, or when a
 *     source gave a score without its depth)
 * @param importedTheoretical the record's theoretical byte as imported (a fill may have replaced it
 *     in the record: see {@link #importedRecord()})
 */
public record StoredGame(int id, String base, int year, int record, String black, String white, String tournament,
                   WthorGame record68, String damage, boolean theoreticalKnown, int theoreticalDepth,
                   int importedTheoretical) {

    /** A game whose theoretical score is unknown: for tests and tools that make games by hand. */
    public StoredGame(int id, String base, int year, int record, String black, String white, String tournament,
                      WthorGame record68, String damage) {
        this(id, base, year, record, black, white, tournament, record68, damage, false, 0, record68.theoreticalScore());
    }

    /**
     * The record as it was imported: {@link #record68()} but for a theoretical score that
     * {@code thordb theoretical --fill} wrote into a WTHOR file's record, whose byte it was is put back.
     */
    public WthorGame importedRecord() {
        return importedTheoretical == record68.theoreticalScore() ? record68 : record68.withTheoreticalScore(importedTheoretical);
    }

    public static StoredGame of(GameRow row, Catalog catalog) {
        Catalog.Base b = catalog.base(row.base());
        WthorGame g = new WthorGame(row.raw(), row.side());
        FileRow f = catalog.gameFileOf(row.id());
        boolean known = f != null && f.theoreticalKnown(row);
        int depth = f == null ? 0 : f.theoreticalDepth(row);
        int imported = f == null ? g.theoreticalScore() : f.importedTheoretical(row, g.theoreticalScore(), g.blackScore());
        return new StoredGame(row.id(), b == null ? "?" : b.name(), row.year(), row.record(),
                name(b == null ? null : b.player(g.black()), g.black()),
                name(b == null ? null : b.player(g.white()), g.white()),
                name(b == null ? null : b.tournament(g.tournament()), g.tournament()), g, row.damage(), known, depth,
                imported);
    }

    private static String name(String n, int number) {
        return n != null ? n : "#" + number;
    }

    /** Black's stored score. */
    public int score() {
        return record68.blackScore();
    }

    /** The stored theoretical score. */
    public int theoretical() {
        return record68.theoreticalScore();
    }

    /** The moves as a transcript ({@code f5d6…}), up to the first bad byte; 10×10 moves space-separated. */
    public String moves() {
        return Notation.transcript(record68.squares(), record68.side());
    }
}
