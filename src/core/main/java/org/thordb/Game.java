package org.thordb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.thordb.engine.StoredGame;
import org.thordb.export.CsvCells;
import org.thordb.export.GameSchema;
import org.thordb.export.Json;
import org.thordb.wthor.WthorGame;

/**
 * A stored game with its names resolved in its own base, and its WTHOR record byte for byte.
 *
 * <p>Usage: {@code db.game("WTHOR", 2015, 0).ifPresent(g -> System.out.println(g.black() + " " + g.moves()));}
 *
 * @param id the game's id in the store
 * @param base the base's name ({@code WTHOR} for the federation's files)
 * @param year the year of its file
 * @param record the record number within its file, from 0
 * @param black Black's name ({@code #N} when the names file has no player N)
 * @param white White's name
 * @param tournament the tournament's name
 * @param blackDiscs Black's discs at the end, as the record says
 * @param theoreticalDiscs Black's discs with perfect play from {@code theoreticalDepth} empties on, when
 *     known; empty when not (a text source without it, a WTHOR file whose depth and scores are 0,
 *     or one that stores final scores in their place), whatever the record's byte holds
 * @param theoreticalDepth the empties that score was computed at (0 when unknown)
 * @param moves the moves as a transcript ({@code f5d6c3…}; 10×10 games' moves space-separated)
 * @param damage why the game is damaged (a move that is not legal, a byte out of range), or null for a sound game
 * @param wthorRecord the game's WTHOR record as imported (68 bytes; 10×10 records are longer), a copy: a
 *     theoretical score filled since is in {@link #theoreticalDiscs()}, not in a WTHOR file's record
 */
public record Game(int id, String base, int year, int record, String black, String white, String tournament,
                   int blackDiscs, OptionalInt theoreticalDiscs, int theoreticalDepth, String moves,
                   String damage, byte[] wthorRecord) {

    /** A stored game as the front shows it. */
    static Game of(StoredGame g) {
        return new Game(g.id(), g.base(), g.year(), g.record(), g.black(), g.white(), g.tournament(), g.score(),
                g.theoreticalKnown() ? OptionalInt.of(g.theoretical()) : OptionalInt.empty(),
                g.theoreticalDepth(), g.moves(), g.damage(), g.importedRecord().bytes());
    }

    /** Copies the record's bytes: a game is a value. */
    public Game {
        wthorRecord = Checks.notNull(wthorRecord, "the WTHOR record").clone();
        Checks.notNull(theoreticalDiscs, "the theoretical score (empty when unknown)");
    }

    /** The record's bytes, a copy. */
    @Override
    public byte[] wthorRecord() {
        return wthorRecord.clone();
    }

    /**
     * The game as one JSON object in thordb's one game schema (docs/data.md): what
     * {@code thordb query --format jsonl} writes a line of, and the API's games.
     */
    public String json() {
        return Json.game(schemaRow()).toString();
    }

    /** The CSV columns of the one game schema, in order: the header of {@link #csvCells()}. */
    public static List<String> csvHeader() {
        return List.of(GameSchema.csvHeaders());
    }

    /**
     * The game's CSV cells, in the order of {@link #csvHeader()}: an unknown value is an empty
     * cell (never 0), and a name that a spreadsheet would read as a formula is quoted as text.
     */
    public List<String> csvCells() {
        GameSchema.Game row = schemaRow();
        List<String> cells = new ArrayList<>(GameSchema.CSV.size());
        for (GameSchema.Column c : GameSchema.CSV) {
            Object v = c.value(row);
            cells.add(v == null ? "" : String.valueOf(CsvCells.cell(v)));
        }
        return cells;
    }

    /** The schema's row of this game: its record with the theoretical score known now. */
    private GameSchema.Game schemaRow() {
        int side = wthorRecord.length == WthorGame.recordSize(10) ? 10 : 8;
        WthorGame r = new WthorGame(wthorRecord, side); // read only: a game keeps its own copy
        if (theoreticalDiscs.isPresent() && theoreticalDiscs.getAsInt() <= side * side
                && theoreticalDiscs.getAsInt() != r.theoreticalScore()) {
            r = r.withTheoreticalScore(theoreticalDiscs.getAsInt()); // filled since the import
        }
        return new GameSchema.Game(r, base, year, record, black, white, tournament, (long) id,
                theoreticalDiscs.isPresent(), theoreticalDepth, damage);
    }

    /** Whether the record holds something a game cannot (see {@link #damage()}). */
    public boolean damaged() {
        return damage != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Game g && id == g.id && year == g.year && record == g.record && blackDiscs == g.blackDiscs
                && theoreticalDiscs.equals(g.theoreticalDiscs) && theoreticalDepth == g.theoreticalDepth && base.equals(g.base) && black.equals(g.black)
                && white.equals(g.white) && tournament.equals(g.tournament) && moves.equals(g.moves)
                && Objects.equals(damage, g.damage) && Arrays.equals(wthorRecord, g.wthorRecord);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, base, year, record) * 31 + Arrays.hashCode(wthorRecord);
    }

    @Override
    public String toString() {
        return "Game[" + id + " " + base + " " + year + "#" + record + " " + black + " - " + white + " " + blackDiscs
                + "-" + (64 - blackDiscs) + " " + moves + (damage == null ? "" : " damaged: " + damage) + "]";
    }
}
