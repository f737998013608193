package org.thordb.usecase;

import java.util.HashSet;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.PlayerDirectory;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.exec.QueryEngine;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.thordb.export.CsvCells;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVFormat;
import java.io.UncheckedIOException;
import java.io.IOException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.export.Json;
import org.thordb.fault.Faults;
import org.thordb.query.Filter;
import org.thordb.stats.GroupStats;
import org.thordb.stats.Grouping;
import org.thordb.stats.Statistics;

/**
 * A query's games grouped, the one owner of that question for every surface ({@code thordb
 * stats}, the REPL's {@code :stats}, {@code /api/stats}, {@code ThorDb.stats}): the groups in their
 * order (or the one asked), from Black's side or, with a player, from the player's side, with the
 * words that say whose side and which games.
 *
 * <p>Usage: {@code Stats.Answer a = Stats.of(db, new Stats.Question("year", "", "Tastet Marc", "white", null));}
 */
public final class Stats {
    private Stats() {
    }

    /**
     * A grouping asked.
     *
     * @param by the grouping ({@link Grouping#parse})
     * @param where the games (blank: every game)
     * @param as a player whose side every figure is from (null or blank: none)
     * @param colour with {@code as}: black, white or both (null or blank: both)
     * @param sort the order ({@link Statistics#order}; null or blank: the grouping's own)
     */
    public record Question(String by, Filter where, String as, String colour, String sort) {
        /** A question whose games are a query's text (null or blank: every game). */
        public Question(String by, String where, String as, String colour, String sort) {
            this(by, Filter.parse(where), as, colour, sort);
        }

        public Question {
            where = where == null ? Filter.ALL : where;
            as = as == null || as.isBlank() ? null : as.strip();
            colour = colour == null || colour.isBlank() ? "both" : colour.strip().toLowerCase(Locale.ROOT);
            sort = sort == null || sort.isBlank() ? null : sort;
            if (as == null && !colour.equals("both")) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a colour goes with a player (--as PLAYER)");
            }
        }
    }

    /**
     * The groups.
     *
     * @param grouping the grouping
     * @param games the games grouped, as a query (with a player: the player's games)
     * @param side whose side the figures are from, in words ("Black's side", "Tastet Marc's side (as White)")
     * @param rows every group, in order
     */
    public record Answer(Question question, Grouping grouping, String games, String side, List<GroupStats> rows) {
        /** The first {@code limit} groups. */
        public List<GroupStats> first(int limit) {
            return rows.size() <= limit ? rows : rows.subList(0, limit);
        }
    }

    /** The games a question groups: its filter's, with a player the player's games of its colour. */
    public static Filter gamesOf(Question q) {
        return q.as() == null ? q.where() : q.where().playedBy(q.as(), q.colour());
    }

    /** The groups of a question. */
    public static Answer of(Engine db, Question q) {
        Grouping g = Grouping.parse(q.by());
        List<GroupStats> rows = new ArrayList<>(q.as() == null ? Stats.groups(db, q.by(), q.where())
                : Stats.groups(db, q.by(), q.where(), q.as(), q.colour()));
        if (q.sort() != null) {
            rows.sort(Statistics.order(q.sort()));
        }
        String side = q.as() == null ? g.side() : q.as() + "'s side" + (q.colour().equals("both") ? " (as Black and as White)"
                : " (as " + (q.colour().equals("black") ? "Black" : "White") + ")");
        String games = gamesOf(q).text();
        return new Answer(q, g, games, side, List.copyOf(rows));
    }

    /** The answer as the API's JSON: the first {@code limit} rows. */
    public static ObjectNode json(Answer a, int limit) {
        ObjectNode o = Json.object();
        o.put("query", a.question().where().text()).put("by", a.grouping().toString()).put("side", a.side())
                .put("groups", a.rows().size());
        if (a.question().as() != null) {
            o.put("as", a.question().as()).put("colour", a.question().colour());
        }
        ArrayNode rows = o.putArray("rows");
        a.first(limit).forEach(r -> rows.add(Json.group(r)));
        return o;
    }

    /**
     * The first {@code limit} groups of an answer as a document: {@code table} (for a terminal:
     * a header saying whose side the figures are from, names as the bases spell them), {@code csv},
     * {@code json} (an array of the groups) or {@code jsonl} (a group a line), as {@code thordb
     * stats} and the REPL's {@code :stats} print them.
     */
    public static String document(Answer a, int limit, String format) {
        if (!List.of("table", "json", "csv", "jsonl").contains(format)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + Faults.quote(format) + "': table, json, csv or jsonl");
        }
        if (limit < 1) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a limit of " + limit + " groups: 1 or more");
        }
        java.io.StringWriter s = new java.io.StringWriter();
        write(a.first(limit), a.rows().size(), a.grouping(), a.games(), a.side(), format, new java.io.PrintWriter(s));
        return s.toString();
    }

    private static void write(List<GroupStats> rows, int all, Grouping g, String where, String side, String format,
                              java.io.PrintWriter out) {
        switch (format) {
            case "table" -> {
                out.printf("%s of %s, from %s%n", "games by " + g, where.isBlank() ? "every game" : where, side);
                out.printf("%-30s %7s %6s %6s %6s %7s %8s %6s %7s  %s%n", "group", "games", "wins", "draws", "losses", "score%",
                        "avgdiff", "theo", "theo-of", "years");
                for (GroupStats r : rows) {
                    // the theoretical average rests on the games whose score is known: "theo-of" says how many
                    out.printf("%-30s %7d %6d %6d %6d %6.1f%% %+8.2f %6s %7d  %s%n", Columns.fit(r.group(), 30), r.games(), r.wins(),
                            r.draws(), r.losses(), r.scorePct(), r.avgDiff(), Columns.average(r.avgTheoretical()),
                            r.theoreticalGames(),
                            r.firstYear() == r.lastYear() ? "" + r.firstYear() : r.firstYear() + "-" + r.lastYear());
                }
                out.println(rows.size() == all ? all + (all == 1 ? " group" : " groups")
                        : rows.size() + " of " + all + " groups");
            }
            case "json" -> {
                ArrayNode a = JsonNodeFactory.instance.arrayNode();
                rows.forEach(r -> a.add(Json.group(r)));
                out.println(a.toString());
            }
            case "jsonl" -> rows.forEach(r -> out.println(Json.group(r).toString()));
            case "csv" -> {
                try (CSVPrinter p = new CSVPrinter(new java.io.FilterWriter(out) {
                    @Override
                    public void close() throws IOException {
                        flush(); // standard output stays open
                    }
                }, CSVFormat.DEFAULT.builder().setHeader(HEADER).get())) {
                    for (GroupStats r : rows) {
                        p.printRecord(CsvCells.text(r.group()), r.games(), r.wins(), r.draws(), r.losses(), round(r.scorePct()),
                                round(r.avgDiff()), Double.isNaN(r.avgTheoretical()) ? "" : round(r.avgTheoretical()),
                                r.theoreticalGames(), r.firstYear(), r.lastYear());
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            default -> throw new IllegalArgumentException(format);
        }
        out.flush();
    }

    private static final String[] HEADER = {"group", "games", "wins", "draws", "losses", "score_pct", "avg_diff",
        "avg_theoretical", "theoretical_games", "first_year", "last_year"};

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /**
     * The games of a query grouped ({@code player}, {@code black}, {@code white}, {@code opponent},
     * {@code tournament}, {@code year}, {@code opening} or {@code openingN}, {@code result}; see
     * {@link Grouping}), each group with its record, in the default order.
     * {@code opponent} is the record of the players the query's {@code player}, {@code black} or
     * {@code white} conditions name against each opponent.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT} for a bad grouping
     */
    public static List<GroupStats> groups(Engine db, String by, String where) {
        return groups(db, by, Games.filter(where == null ? "" : where));
    }

    /** {@link #groups(Engine, String, String)} of a filter. */
    public static List<GroupStats> groups(Engine db, String by, Filter where) {
        Grouping g = Grouping.parse(by);
        return db.read(r -> groupsOn(r, g, where));
    }

    /**
     * {@link #groups(Engine, String, String)} from a player's side: each game's figures as the
     * player's (wins, score, disc difference and theoretical discs), with the colours asked for
     * ({@code black}, {@code white} or {@code both}, the default); grouped by year, tournament,
     * opening or result (win, draw, loss).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a grouping by player, or a colour
     *     that is none of those, {@link ErrorCode#QUERY} for a bad query
     */
    public static List<GroupStats> groups(Engine db, String by, String where, String asPlayer, String colour) {
        return groups(db, by, Games.filter(where == null ? "" : where), asPlayer, colour);
    }

    /** {@link #groups(Engine, String, String, String, String)} of a filter. */
    public static List<GroupStats> groups(Engine db, String by, Filter where, String asPlayer, String colour) {
        Grouping g = Grouping.parse(by);
        if (asPlayer == null || asPlayer.isBlank()) {
            return groups(db, by, where);
        }
        String c = colour == null || colour.isBlank() ? "both" : colour.strip().toLowerCase(Locale.ROOT);
        Filter w = where.playedBy(asPlayer, c); // refuses a colour that is none of the three
        Expr named = Filter.ALL.playedBy(asPlayer, "both").where();
        return db.read(r -> {
            Set<Long> players = new HashSet<>();
            PlayerDirectory.namedPlayers(named, r.catalog(), players);
            Statistics.Perspective as = new Statistics.Perspective(
                    (base, number) -> players.contains(((long) base << 32) | number), !c.equals("white"), !c.equals("black"));
            RoaringBitmap ids = QueryEngine.matching(w, r);
            return Statistics.compute(r, ids, g, null, as);
        });
    }

    /** The groups of a filter's games, on one view; by opponent, against the players the filter names. */
    public static List<GroupStats> groupsOn(IndexReader r, Grouping g, Filter where) {
        Expr e = where.where();
        RoaringBitmap ids = QueryEngine.matching(where, r);
        Statistics.Subject subject = null;
        if (g.by() == Grouping.By.OPPONENT && e != null) {
            Set<Long> named = new HashSet<>();
            PlayerDirectory.namedPlayers(e, r.catalog(), named);
            if (!named.isEmpty()) {
                subject = (base, player) -> named.contains(((long) base << 32) | player);
            }
        }
        return Statistics.compute(r, ids, g, subject);
    }
}
