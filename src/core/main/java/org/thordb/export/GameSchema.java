package org.thordb.export;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.thordb.engine.StoredGame;
import org.thordb.othello.Notation;
import org.thordb.wthor.WthorGame;

/**
 * thordb's one game schema (docs/data.md): each column once, with its name and how its value is
 * made from a game, which the JSON objects ({@link Json#game}) and the CSV rows ({@link GameCsv})
 * both write in this order. A new column of the exports, of {@code query --format jsonl|csv} and of
 * the web API's games is one line here.
 *
 * <p>Usage: {@code for (GameSchema.Column c : GameSchema.CSV) System.out.println(c.name() + " = " + c.value(GameSchema.Game.of(g)));}
 */
public final class GameSchema {
    private GameSchema() {
    }

    /**
     * What a row is made from: a game's record and where it stands, with what the schema derives
     * from the record (its result, its line with passes, who played each token), made once.
     */
    public static final class Game {
        private final WthorGame record;
        private final String base;
        private final int year;
        private final long number;
        private final String black;
        private final String white;
        private final String tournament;
        private final Long id;
        private final boolean theoreticalKnown;
        private final int depth;
        private final String damage;
        private final Json.Derived derived;

        /**
         * A game's row.
         *
         * @param record the WTHOR record
         * @param base the base's name
         * @param year the year of its file
         * @param number its record number in the file
         * @param black Black's name
         * @param white White's name
         * @param tournament the tournament's name
         * @param id its id in the store, or null (a game of no store: a dump)
         * @param theoreticalKnown whether its theoretical score is known
         * @param depth the empties the known score was computed at (0: not said)
         * @param damage why it is damaged, or null
         */
        public Game(WthorGame record, String base, int year, long number, String black, String white,
                    String tournament, Long id, boolean theoreticalKnown, int depth, String damage) {
            this.record = record;
            this.base = base;
            this.year = year;
            this.number = number;
            this.black = black;
            this.white = white;
            this.tournament = tournament;
            this.id = id;
            this.theoreticalKnown = theoreticalKnown;
            this.depth = depth;
            this.damage = damage;
            this.derived = Json.derived(record);
        }

        /** A stored game's row. */
        public static Game of(StoredGame g) {
            return new Game(g.record68(), g.base(), g.year(), g.record(), g.black(), g.white(), g.tournament(),
                    (long) g.id(), g.theoreticalKnown(), g.theoreticalDepth(), g.damage());
        }

        /** The theoretical score when known (and one the board can hold), else null: unknown is no value, never 0. */
        Integer theoretical() {
            int total = record.side() * record.side();
            return theoreticalKnown && record.theoreticalScore() <= total ? record.theoreticalScore() : null;
        }
    }

    /**
     * A column: its name, whether CSV has it too (JSON has every column), whether JSON leaves it out
     * when it has no value (rather than writing null), and its value for a game (null: no value,
     * an empty CSV cell).
     */
    public record Column(String name, boolean csv, boolean omittedWhenNull, Function<Game, Object> value) {
        /** The column's value for a game: an Integer, a Long, a String, or null. */
        public Object value(Game g) {
            return value.apply(g);
        }
    }

    /** Every column, in order. */
    public static final List<Column> COLUMNS = List.of(
            both("base", g -> g.base),
            both("year", g -> g.year),
            both("record", g -> g.number <= Integer.MAX_VALUE ? (Object) (int) g.number : (Object) g.number),
            both("black", g -> g.black),
            both("white", g -> g.white),
            both("tournament", g -> g.tournament),
            both("score", g -> g.record.blackScore()),
            both("theoretical", Game::theoretical),
            both("theoretical_depth", g -> g.theoretical() != null && g.depth > 0 ? g.depth : null),
            both("moves", g -> Notation.transcript(g.record.squares(), g.record.side())),
            both("result", g -> g.derived.result()),
            both("line", g -> g.derived.line()),
            both("sides", g -> g.derived.sides()),
            both("move_count", g -> g.record.moveCount()),
            both("board_size", g -> g.record.side()),
            json("black_number", g -> g.record.black()),
            json("white_number", g -> g.record.white()),
            json("tournament_number", g -> g.record.tournament()),
            both("id", g -> g.id == null ? null : (Object) g.id.intValue()),
            new Column("damage", false, true, g -> g.damage));

    /** The columns CSV has, in order. */
    public static final List<Column> CSV = COLUMNS.stream().filter(Column::csv).toList();

    /** The CSV header: the names of {@link #CSV}. */
    public static String[] csvHeaders() {
        List<String> out = new ArrayList<>();
        for (Column c : CSV) {
            out.add(c.name());
        }
        return out.toArray(String[]::new);
    }

    private static Column both(String name, Function<Game, Object> value) {
        return new Column(name, true, false, value);
    }

    private static Column json(String name, Function<Game, Object> value) {
        return new Column(name, false, false, value);
    }
}
