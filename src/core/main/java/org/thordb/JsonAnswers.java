package org.thordb;

import org.thordb.usecase.Players;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.export.Exporter;
import org.thordb.export.Json;
import org.thordb.fault.Faults;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.query.Filter;
import org.thordb.usecase.ExplorationTable;
import java.util.Arrays;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.usecase.Explore;
import org.thordb.usecase.Export;
import org.thordb.usecase.Games;
import org.thordb.usecase.PlayerReport;
import org.thordb.usecase.Plots;
import org.thordb.usecase.Preparation;
import org.thordb.usecase.Stats;

/**
 * A store's answers as JSON text, in the shapes of thordb's HTTP API (and of the command line's
 * {@code --json}), and the few documents the surfaces show whole (a player's years drawn in SVG, a
 * preparation in Markdown or HTML): the one place where a question's answer is written out, so a web server, a
 * tool of its own or a test of the page gets the same document for the same question. Each
 * answer comes from the same use case as the typed answers of {@link ThorDb}.
 *
 * <p>Usage:
 * <pre>{@code
 * try (ThorDb db = ThorDb.builder(Path.of("store")).readOnly().open()) {
 *     String page = db.json().games(Query.parse("year = 1990"), "", 0, -1, 20);
 * }
 * }</pre>
 */
public final class JsonAnswers {
    private final Engine db;

    JsonAnswers(Engine db) {
        this.db = db;
    }

    /** {@code {"query", "count", "notes"}}: the games a filter matches, and the notes on its names and copies. */
    public String count(Query q) {
        Filter f = Checks.notNull(q, "the query").filter();
        return guard(() -> {
            Games.Count c = Games.countWithNotes(db, f);
            ObjectNode o = Json.object();
            o.put("query", f.text()).put("count", c.count());
            ArrayNode notes = o.putArray("notes"); // names no base holds, copies counted once
            c.notes().forEach(notes::add);
            return o.toString();
        });
    }

    /**
     * {@code {"query", "total", "offset", "limit", "games", "notes"?, "next"?}}: a page of a filter's
     * games in an order ({@code ""}: by id; else keys such as {@code -year,black}); {@code after}
     * (0 or more) starts after that game's id instead of at {@code offset}. The notes come with the
     * first page only.
     */
    public String games(Query q, String sort, int offset, int after, int limit) {
        Filter f = Checks.notNull(q, "the query").filter();
        String order = Checks.notNull(sort, "the order");
        if (offset < 0 || after < -1 || limit < 0 || limit > ThorDb.MAX_PAGE) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a page at offset " + offset + " (after " + after + ") of " + limit
                    + " games: an offset of 0 or more, after -1 (none) or a game's id, 0 to " + ThorDb.MAX_PAGE + " games");
        }
        return guard(() -> {
            Games.Page page = Games.page(db, f, order, after >= 0 ? 0 : offset, after, limit);
            ObjectNode o = Json.object();
            o.put("query", f.text()).put("total", page.total()).put("offset", offset).put("limit", limit);
            ArrayNode games = o.putArray("games");
            page.games().forEach(g -> games.add(Json.node(g)));
            if (offset == 0 && after < 0) { // said once, with the first page
                ArrayNode notes = o.putArray("notes");
                page.notes().forEach(notes::add);
            }
            if (page.next() >= 0) { // the cursor of the next page
                o.put("next", page.next());
            }
            return o.toString();
        });
    }

    /**
     * One game by its base, its file's year and its record (from 0), with the text it was
     * imported from when it came from a text source; empty when there is none.
     */
    public Optional<String> game(String base, int year, int record) {
        String b = Checks.notNull(base, "the base");
        return guard(() -> {
            Optional<StoredGame> found = record < 0 ? Optional.empty() : Games.game(db, b, year, record);
            return found.map(g -> {
                ObjectNode o = Json.node(g);
                Games.sourceText(db, g.id()).ifPresent(src -> o.putObject("source").put("file", src.file())
                        .put("format", src.format()).put("line", src.line()).put("text", src.text()));
                return o.toString();
            });
        });
    }

    /** {@code {"bases": [{"name", "games"}]}}: the bases in the order they were first imported. */
    public String bases() {
        return guard(() -> {
            ObjectNode o = Json.object();
            ArrayNode a = o.putArray("bases");
            Catalog c = db.catalog();
            for (Catalog.Base b : c.bases()) {
                long games = c.gameFiles().stream().filter(f -> f.base() == b.id()).mapToLong(FileRow::games).sum();
                a.addObject().put("name", b.name()).put("games", games);
            }
            return o.toString();
        });
    }

    /** {@code {"query", "plan"}}: how a query is answered, as {@link ThorDb#explain} draws it. */
    public String explain(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> {
            ObjectNode o = Json.object();
            o.put("query", q).put("plan", Games.explain(db, q));
            return o.toString();
        });
    }

    /**
     * A filter's games grouped ({@code by}: year, player, tournament, opening, result…), as
     * {@code thordb stats --format json} writes them; {@code as} and {@code colour} name a player
     * and the colour counted for it (blank: none), {@code sort} the rows' order (blank: the grouping's).
     */
    public String stats(String by, Query q, String as, String colour, String sort, int limit) {
        Filter f = Checks.notNull(q, "the query").filter();
        Checks.notNull(by, "the grouping");
        Checks.notNull(as, "the player counted (blank: none)");
        Checks.notNull(colour, "the colour counted (blank: both)");
        Checks.notNull(sort, "the order (blank: the grouping's)");
        if (limit < 1) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a limit of " + limit + " rows: 1 or more");
        }
        return guard(() -> Stats.json(Stats.of(db, new Stats.Question(by, f, as, colour, sort)), limit).toString());
    }

    /**
     * Whether {@link #explore} answers a position at once (its values kept, or too few empties to
     * cost anything): a server may admit it as light work.
     */
    public boolean exploresAtOnce(String board, String moves, ExploreSettings s) {
        Checks.notNull(s, "the settings");
        return guard(() -> Explore.cheap(db, position(board, moves), settings(s)));
    }

    /**
     * The explorer's answer for a position: every move played from it in the filter's games, with
     * its record, first games and value (exact or estimated, with its line), and the position's
     * legal moves and side to move. The position is {@code moves} ({@code f5d6c3}, passes allowed)
     * played from the start, or from {@code board} when it is not blank: 64 squares a1…h8 of
     * {@code X O -}, a space, the side to move (in any orientation, as {@link ThorDb#explore} takes it).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} or {@link ErrorCode#ILLEGAL_MOVE}
     *     for a board or moves that do not make a position
     */
    public String explore(Query q, String board, String moves, ExploreSettings s) {
        Filter f = Checks.notNull(q, "the query").filter();
        Checks.notNull(s, "the settings");
        return guard(() -> {
            Position p = position(board, moves);
            Explore.Answer a = Explore.of(db, p, f, settings(s));
            ObjectNode o = Json.exploration(a.exploration(), a.values(), a.firstGames());
            o.put("line", Notation.line(Arrays.stream(Notation.parseMoves(moves))
                    .filter(sq -> sq != Notation.PASS).toArray()));
            o.put("toMove", p.toMove().name().toLowerCase(Locale.ROOT));
            ArrayNode legal = o.putArray("legal");
            for (long m = p.legalMoves(); m != 0; m &= m - 1) {
                legal.add(Notation.name(Long.numberOfTrailingZeros(m)));
            }
            return o.toString();
        });
    }

    /**
     * The explorer's answer as {@code thordb explore} prints it: a {@code table} (the board with the
     * next moves marked, its legend, a row a move with its record, value and first game, sorted by
     * {@code games}, {@code value} or {@code gap}) or {@code json}. The position is as {@link #explore}
     * takes it, or a 10×10 line ({@code e4d5…}, a table only). With a player ({@code as}, not
     * blank) the games are that player's, with {@code colour} ({@code black}, {@code white}; blank:
     * the side to move's), and each row's share is theirs. Names as the bases spell them.
     *
     * <p>Usage: {@code System.out.print(db.json().exploreDocument(Query.ALL, "", "f5d6c3", ExploreSettings.DEFAULT, "", "", "games", "table"));}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format, sort or colour;
     *     {@link ErrorCode#BAD_NOTATION} or {@link ErrorCode#ILLEGAL_MOVE} for a position that is not one
     */
    public String exploreDocument(Query q, String board, String moves, ExploreSettings s, String as, String colour,
                                  String sort, String format) {
        Filter f = Checks.notNull(q, "the query").filter();
        Checks.notNull(board, "the board");
        Checks.notNull(moves, "the moves");
        Checks.notNull(s, "the settings");
        String player = Checks.notNull(as, "the player (blank: none)").strip();
        String c = Checks.notNull(colour, "the colour (blank: the side to move's)").strip().toLowerCase(Locale.ROOT);
        String fmt = Checks.notNull(format, "the format");
        ExplorationTable.Sort order = switch (Checks.notNull(sort, "the order").strip().toLowerCase(Locale.ROOT)) {
            case "games" -> ExplorationTable.Sort.GAMES;
            case "value" -> ExplorationTable.Sort.VALUE;
            case "gap" -> ExplorationTable.Sort.GAP;
            default -> throw Faults.of(ErrorCode.BAD_ARGUMENT, "an exploration is sorted by games, value or gap, not '"
                    + Faults.quote(sort) + "'");
        };
        if (!fmt.equals("table") && !fmt.equals("json")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "an exploration is a table or json, not '" + Faults.quote(fmt) + "'");
        }
        if (!c.isEmpty() && !c.equals("black") && !c.equals("white")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a colour is black or white, not '" + Faults.quote(colour) + "'");
        }
        return guard(() -> {
            java.io.StringWriter text = new java.io.StringWriter();
            java.io.PrintWriter out = new java.io.PrintWriter(text);
            if (board.isBlank() && Notation.isLine10(moves)) { // its first move (e4 d5 g6 or f7) tells the board
                if (!fmt.equals("table")) {
                    throw Faults.of(ErrorCode.BAD_ARGUMENT, "the 10×10 explorer writes a table");
                }
                ExplorationTable.table10(Explore.explore10(db, moves, f), out);
                out.flush();
                return text.toString();
            }
            Position p = position(board, moves);
            Filter games = f;
            Side side = null;
            if (!player.isEmpty()) {
                String col = c.isEmpty() ? (p.toMove() == Side.WHITE ? "white" : "black") : c;
                side = col.equals("white") ? Side.WHITE : Side.BLACK;
                games = f.playedBy(player, col); // a condition added to the filter, not glued into its text
            }
            Explore.Settings settings = settings(s);
            if (s.estimates() && !Explore.cheap(db, p, settings)) {
                // to be searched: the weights load while the games are explored (read from the store's
                // value book, the estimates need none)
                org.thordb.solve.Estimator.preload();
            }
            Explore.Answer a = Explore.of(db, p, games, settings);
            if (fmt.equals("json")) {
                return Json.exploration(a.exploration(), a.values(), a.firstGames()).toString() + System.lineSeparator();
            }
            ExplorationTable.Extras x = ExplorationTable.Extras.of(a.exploration(), a.firstGames());
            if (side != null) {
                x = new ExplorationTable.Extras(side, player, x.first());
            }
            ExplorationTable.table(a.exploration(), a.values(), x, order, out);
            out.flush();
            return text.toString();
        });
    }

    /** The moves played from the start, or from a board when one is given; a pass is skipped (the side to move says it). */
    private static Position position(String board, String moves) {
        String b = Checks.notNull(board, "the board");
        String m = Checks.notNull(moves, "the moves");
        if (b.isBlank()) {
            return Position.afterLine(m);
        }
        Position p = Position.parseBoard(b);
        for (int sq : Notation.parseMoves(m)) {
            if (sq == Notation.PASS) {
                continue;
            }
            if (!p.isLegal(sq)) {
                throw Faults.of(ErrorCode.ILLEGAL_MOVE, "moves: " + Notation.name(sq) + " is not legal on the board given");
            }
            p = p.play(sq);
        }
        return p;
    }

    private static Explore.Settings settings(ExploreSettings s) {
        return Explore.Settings.DEFAULT.exactUpTo(s.exactEmpties()).withEstimates(s.estimates());
    }

    /**
     * {@code {"names", "sameGames"}}: where names disagree, on copies of one game in two bases
     * (with whether one player joins them), and games one base holds twice under other names.
     */
    public String conflicts() {
        return guard(() -> {
            Players.Conflicts c = Players.nameConflicts(db);
            ObjectNode o = Json.object();
            ArrayNode names = o.putArray("names");
            for (Players.NameConflict n : c.copies()) {
                ObjectNode x = names.addObject().put("name", n.nameA()).put("base", n.baseA()).put("otherName", n.nameB())
                        .put("otherBase", n.baseB()).put("games", n.games()).put("onePlayer", n.joined());
                if (n.example() != null) {
                    x.put("example", n.example().base() + "/" + n.example().year() + "/" + n.example().record());
                }
            }
            ArrayNode same = o.putArray("sameGames");
            for (List<StoredGame> p : c.sameBase()) {
                same.addObject().put("base", p.get(0).base()).put("year", p.get(0).year()).put("record", p.get(0).record())
                        .put("otherRecord", p.get(1).record()).put("black", p.get(0).black()).put("white", p.get(0).white())
                        .put("otherBlack", p.get(1).black()).put("otherWhite", p.get(1).white());
            }
            return o.toString();
        });
    }

    /** A player's report (any spelling the player's identity joins), as {@code thordb report --format json} writes it. */
    public String report(String player) {
        return report(player, ReportSettings.DEFAULT);
    }

    /** {@link #report(String)} with other settings (the lines' length, how many lines, valued lines and opponents). */
    public String report(String player, ReportSettings s) {
        String name = Checks.notNull(player, "the player");
        Checks.notNull(s, "the settings");
        return guard(() -> PlayerReport.json(PlayerReport.of(db, name, s.settings())).toString());
    }

    /**
     * A filter's games grouped, as a document: {@code table}, {@code csv}, {@code json} or
     * {@code jsonl}, as {@code thordb stats} prints it (the first {@code limit} groups; the table
     * says whose side the figures are from), with the notes a user should hear about the games
     * grouped (a name no base holds). {@code by}, {@code as}, {@code colour} and {@code sort} as
     * {@link #stats} takes them.
     *
     * <p>Usage: {@code System.out.print(db.json().statsDocument("year", Query.ALL, "", "", "", 10, "table").text());}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format, a bad grouping
     *     or limit, or a colour without a player
     */
    public Document statsDocument(String by, Query q, String as, String colour, String sort, int limit, String format) {
        Filter f = Checks.notNull(q, "the query").filter();
        Checks.notNull(by, "the grouping");
        Checks.notNull(as, "the player counted (blank: none)");
        Checks.notNull(colour, "the colour counted (blank: both)");
        Checks.notNull(sort, "the order (blank: the grouping's)");
        Checks.notNull(format, "the format");
        return guard(() -> {
            Stats.Answer a = Stats.of(db, new Stats.Question(by, f, as, colour, sort));
            String text = Stats.document(a, limit, format);
            return new Document(text, List.copyOf(Games.notes(db, Stats.gamesOf(a.question())))); // the filter, not its text again
        });
    }

    /**
     * The players of a query's games with their records, as {@code thordb players} lists them: a
     * {@code table} or {@code jsonl}, sorted by {@code games}, {@code score}, {@code name} or
     * {@code rating} (thordb's Glicko-2 rating at the end of year {@code atYear}, 0: the store's last;
     * only with {@code rating}), the first {@code limit} (0: every one); with the query's notes.
     *
     * <p>Usage: {@code db.json().playersDocument(Query.parse("year >= 2010"), "rating", 0, 20, "table").text()}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format, sort or a year without the rating sort
     */
    public Document playersDocument(Query q, String sort, int atYear, int limit, String format) {
        Filter f = Checks.notNull(q, "the query").filter();
        String s = Checks.notNull(sort, "the order");
        Checks.notNull(format, "the format");
        if (atYear < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a rating's year is 0 (the store's last) or a year, not " + atYear);
        }
        return guard(() -> {
            String text = org.thordb.usecase.Players.list(db, f, s, atYear == 0 ? null : atYear, limit, format);
            return new Document(text, List.copyOf(Games.notes(db, f)));
        });
    }

    /**
     * The names that disagree on copies of one game in two bases (with whether a rule joins them)
     * and the games one base holds twice under other players' names, as {@code thordb players
     * --conflicts} lists them: a {@code table} or {@code jsonl}.
     */
    public String conflictsDocument(String format) {
        String f = Checks.notNull(format, "the format");
        return guard(() -> org.thordb.usecase.Players.conflicts(db, f));
    }

    /**
     * Every player's other names and every split a user said ({@link ThorDb#aliases()}) as CSV with
     * a header ({@code name,alias,base,rule,years}), a name a spreadsheet would run as a formula
     * quoted as text: what {@code thordb players aliases} writes and {@code --import} reads back.
     */
    public String aliasesCsv() {
        return guard(() -> {
            StringBuilder sb = new StringBuilder();
            try (org.apache.commons.csv.CSVPrinter p = new org.apache.commons.csv.CSVPrinter(sb,
                    org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader("name", "alias", "base", "rule", "years").get())) {
                for (Players.Alias a : Players.aliases(db)) {
                    p.printRecord(org.thordb.export.CsvCells.text(a.player()), org.thordb.export.CsvCells.text(a.alias()),
                            a.base(), a.rule(), a.years());
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e); // a StringBuilder does not fail
            }
            return sb.toString();
        });
    }

    /**
     * A document as a surface shows it, with what a user should hear beside it (a name no base
     * holds, with the nearest ones) rather than in it.
     *
     * @param text the document
     * @param notes the notes, none when there is nothing to say
     */
    public record Document(String text, List<String> notes) {
        /** Keeps an unmodifiable copy of the notes. */
        public Document {
            Checks.notNull(text, "the text");
            notes = Checks.list(notes, "the notes");
        }
    }

    /**
     * A player's report as a document: {@code text} (tables with sparklines, as {@code thordb
     * report} and the REPL's {@code :report} print it; names as the bases spell them, for the
     * caller to make safe for its screen) or {@code json} ({@link #report(String, ReportSettings)}).
     *
     * <p>Usage: {@code System.out.print(db.json().reportDocument("Tastet Marc", ReportSettings.DEFAULT, "text"));}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format, or a name no base holds
     */
    public String reportDocument(String player, ReportSettings s, String format) {
        String f = Checks.notNull(format, "the format");
        if (f.equals("json")) {
            return report(player, s);
        }
        if (!f.equals("text")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a report is text or json, not '" + Faults.quote(f) + "'");
        }
        String name = Checks.notNull(player, "the player");
        Checks.notNull(s, "the settings");
        return guard(() -> PlayerReport.text(PlayerReport.of(db, name, s.settings())));
    }

    /**
     * The preparation against a player: the opponent's repertoire as a tree, for a game where the
     * asker has {@code myColour} ({@code black} or {@code white}), as {@code thordb prepare --format
     * json} writes it.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another colour, or a name no base holds
     */
    public String prepare(String player, String myColour, PrepareSettings s) {
        String name = Checks.notNull(player, "the player");
        Side mine = side(myColour);
        Checks.notNull(s, "the settings");
        return guard(() -> Preparation.json(Preparation.of(db, name, mine,
                new Preparation.Settings(s.minGames(), s.plies(), s.valued()))).toString());
    }

    /**
     * The preparation against a player as a document of its own: {@code md} (Markdown, as {@code
     * thordb prepare} prints it) or {@code html} (one page that needs nothing else, the years'
     * drawing in it); {@code json} is {@link #prepare}.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format or colour, or a
     *     name no base holds
     */
    public String prepareDocument(String player, String myColour, PrepareSettings s, String format) {
        String f = Checks.notNull(format, "the format");
        if (f.equals("json")) {
            return prepare(player, myColour, s);
        }
        if (!f.equals("md") && !f.equals("html")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a preparation is md, html or json, not '" + Faults.quote(f) + "'");
        }
        String name = Checks.notNull(player, "the player");
        Side mine = side(myColour);
        Checks.notNull(s, "the settings");
        return guard(() -> {
            Preparation.Tree t = Preparation.of(db, name, mine, new Preparation.Settings(s.minGames(), s.plies(), s.valued()));
            return f.equals("md") ? Preparation.markdown(t)
                    : Preparation.html(t, PlayerReport.of(db, t.opponent(), new PlayerReport.Settings(8, 0, 0, 0)));
        });
    }

    private static Side side(String colour) {
        String c = Checks.notNull(colour, "the colour").strip().toLowerCase(Locale.ROOT);
        if (!c.equals("black") && !c.equals("white")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a colour is black or white, not '" + Faults.quote(colour) + "'");
        }
        return c.equals("black") ? Side.BLACK : Side.WHITE;
    }

    /** A player's score and rating by year, drawn as SVG (not JSON: the page shows it as an image). */
    public String yearsSvg(String player) {
        String name = Checks.notNull(player, "the player");
        return guard(() -> Plots.yearsSvg(PlayerReport.of(db, name, new PlayerReport.Settings(8, 0, 0, 0))));
    }

    /** A filter's games as one PGN text (PGN keeps every field: nothing to note). */
    public void pgn(Query q, Writer out) {
        Filter f = Checks.notNull(q, "the query").filter();
        Writer w = Checks.notNull(out, "the writer");
        guard(() -> Export.toWriter(db, f, Exporter.Format.PGN, w, e -> e));
    }

    /**
     * A filter's games as WTHOR files in an empty folder (one a year, and the names files), as
     * {@code thordb export --format wthor} writes them; the notes on what the format could not
     * keep (names shortened, scores unknown), a line each.
     */
    public List<String> wthor(Query q, Path folder) {
        Filter f = Checks.notNull(q, "the query").filter();
        Path dir = Checks.notNull(folder, "the folder");
        return guard(() -> Export.toFolder(db, f, dir, Exporter.Format.WTHOR, false, e -> e).notes());
    }

    /**
     * How an exploration is valued: exact scores up to {@code exactEmpties} empties (at most
     * {@value Explore.Settings#MAX_EXACT_EMPTIES}), estimates beyond when {@code estimates}.
     *
     * <p>Usage: {@code ExploreSettings.DEFAULT.exactUpTo(14)}
     *
     * @param exactEmpties up to how many empties a move's score is exact
     * @param estimates whether moves with more empties get estimates
     */
    public record ExploreSettings(int exactEmpties, boolean estimates) {
        /** Every surface's defaults: exact up to {@link ThorDb#EXACT_EMPTIES} empties, estimates beyond. */
        public static final ExploreSettings DEFAULT = new ExploreSettings(ThorDb.EXACT_EMPTIES, true);

        /** The most empties an exploration solves exactly. */
        public static final int MAX_EXACT_EMPTIES = Explore.Settings.MAX_EXACT_EMPTIES;

        /** @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for empties out of 0…{@link #MAX_EXACT_EMPTIES} */
        public ExploreSettings {
            if (exactEmpties < 0 || exactEmpties > MAX_EXACT_EMPTIES) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "exact up to " + exactEmpties + " empties: 0 to "
                        + MAX_EXACT_EMPTIES);
            }
        }

        /** These settings, solving up to {@code empties}. */
        public ExploreSettings exactUpTo(int empties) {
            return new ExploreSettings(empties, estimates);
        }

        /** These settings, with estimates on or off. */
        public ExploreSettings withEstimates(boolean on) {
            return new ExploreSettings(exactEmpties, on);
        }
    }

    /**
     * How a preparation is drawn: lines the opponent played at least {@code minGames} times, up to
     * {@code plies} moves deep, and the {@code valued} most played choices valued.
     *
     * @param minGames the fewest games a line needs
     * @param plies how many moves deep the tree goes
     * @param valued how many choices get a value
     */
    public record PrepareSettings(int minGames, int plies, int valued) {
        /** @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} outside what the preparation takes (its message says) */
        public PrepareSettings {
            new Preparation.Settings(minGames, plies, valued); // the use case's own bounds, said once
        }

        /** Every surface's defaults. */
        public static final PrepareSettings DEFAULT = new PrepareSettings(Preparation.Settings.DEFAULT.minGames(),
                Preparation.Settings.DEFAULT.maxPlies(), Preparation.Settings.DEFAULT.valued());
    }

    /**
     * What a player's report shows: lines {@code plies} moves long as White (as Black one move
     * less, so that a line ends with the player's move), {@code lines} of them a colour, the
     * {@code valued} most frequent valued (the best move against the move played), and
     * {@code opponents} opponents.
     *
     * <p>Usage: {@code new ReportSettings(8, 20, 2, 10)}
     *
     * @param plies a line's length as White, 2 to 20
     * @param lines lines shown a colour, up to 100
     * @param valued how many of them are valued, up to {@code lines}
     * @param opponents opponents shown, up to 100
     */
    public record ReportSettings(int plies, int lines, int valued, int opponents) {
        /** @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} outside what the report takes (its message says) */
        public ReportSettings {
            new PlayerReport.Settings(plies, lines, valued, opponents); // the use case's own bounds, said once
        }

        /** Every surface's defaults. */
        public static final ReportSettings DEFAULT = new ReportSettings(PlayerReport.Settings.DEFAULT.plies(),
                PlayerReport.Settings.DEFAULT.lines(), PlayerReport.Settings.DEFAULT.valued(),
                PlayerReport.Settings.DEFAULT.opponents());

        PlayerReport.Settings settings() {
            return new PlayerReport.Settings(plies, lines, valued, opponents);
        }
    }

    private static <T> T guard(Supplier<T> work) {
        return ThorDb.guard(work);
    }
}
