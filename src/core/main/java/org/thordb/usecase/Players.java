package org.thordb.usecase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.error.ErrorCode;
import org.thordb.export.Json;
import org.thordb.fault.Faults;
import org.thordb.query.Filter;
import org.thordb.stats.Glicko2;
import org.thordb.stats.GroupStats;

/**
 * The players of a store as {@code thordb players} lists them: each player (one identity, however
 * many spellings) with their record, sorted by games, score, name or the rating thordb computes;
 * and the names that disagree between copies of one game. Tables name players as the bases spell
 * them: a terminal's adapter makes them safe to show.
 *
 * <p>Usage: {@code System.out.print(Players.list(db, "year >= 2010", "rating", null, 20, "table"));}
 */
public final class Players {
    private Players() {
    }

    /** Above this deviation a rating is provisional: listed after the established ones, marked ?. */
    public static final double PROVISIONAL = 100;

    private static void checkFormat(String format) {
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + Faults.quote(format) + "': table or jsonl");
        }
    }

    /**
     * The players of a query's games with their records: a table or
     * JSON lines, sorted by {@code games}, {@code score}, {@code name} or {@code rating} (the rating
     * thordb computes, at the end of year {@code at}, 0 for the store's last; the established, then
     * the provisional, marked ?, then the unrated), the first {@code limit} (0: every one).
     */
    public static String list(Engine db, Filter where, String sort, Integer at, int limit, String format) {
        checkFormat(format);
        if (limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every player) or more, not " + limit);
        }
        java.io.StringWriter s = new java.io.StringWriter();
        java.io.PrintWriter out = new java.io.PrintWriter(s);
        {
            boolean byRating = sort.equals("rating");
            if (at != null && !byRating) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "--at goes with --sort rating");
            }
            List<Engine.Player> players = new ArrayList<>(db.players(where, byRating ? "games" : sort));
            Map<String, Glicko2.Point> ratings = byRating
                    ? PlayerReport.ratingsAt(db, at == null ? 0 : at) : Map.of();
            if (byRating) {
                // the rated first, highest first; a player of the games not yet rated at that year after them
                players.removeIf(p -> !ratings.containsKey(p.name()) && at != null && p.stats().firstYear() > at);
                // the established (a deviation of 100 or less) by rating, then the provisional (marked ?), then the unrated
                ToIntFunction<Engine.Player> tier = p -> !ratings.containsKey(p.name()) ? 2
                        : ratings.get(p.name()).deviation() > PROVISIONAL ? 1 : 0;
                players.sort(Comparator.comparingInt(tier).thenComparingDouble((Engine.Player p) ->
                        ratings.containsKey(p.name()) ? -ratings.get(p.name()).rating() : 0).thenComparing(Engine.Player::name));
            }
            int shown = limit == 0 ? players.size() : Math.min(limit, players.size());
            if (format.equals("table")) {
                out.printf("%-20s %6s %5s %5s %5s %6s %5s  %-9s %-4s %-10s %s%s%n", "player", "games", "wins", "draws",
                        "losses", "score%", "discs", "years", "from", "born", byRating ? "rating    " : "", "aliases");
            }
            for (Engine.Player p : players.subList(0, shown)) {
                GroupStats g = p.stats();
                if (format.equals("jsonl")) {
                    ObjectNode o = Json.object();
                    o.put("player", p.name()).put("games", g.games()).put("wins", g.wins()).put("draws", g.draws())
                            .put("losses", g.losses()).put("scorePct", g.scorePct()).put("averageDiscs", p.averageDiscs())
                            .put("firstYear", g.firstYear()).put("lastYear", g.lastYear());
                    if (p.record() != null) {
                        o.put("country", p.record().country()).put("born", p.record().bornText());
                    }
                    p.aliases().forEach(o.putArray("aliases")::add);
                    Glicko2.Point r = ratings.get(p.name());
                    if (r != null) {
                        o.put("rating", Math.round(r.rating())).put("deviation", Math.round(r.deviation()));
                    }
                    out.println(o);
                } else {
                    Glicko2.Point r = ratings.get(p.name());
                    out.printf("%-20s %6d %5d %5d %5d %6.1f %5.1f  %-9s %-4s %-10s %s%s%n", (p.name()), g.games(),
                            g.wins(), g.draws(), g.losses(), g.scorePct(), p.averageDiscs(),
                            g.firstYear() + (g.lastYear() == g.firstYear() ? "" : "–" + g.lastYear()),
                            p.record() == null || p.record().country() == null ? "" : p.record().country(),
                            p.record() == null ? "" : p.record().bornText(), !byRating ? "" : r == null ? "          "
                                    : String.format(Locale.ROOT, "%4.0f ±%3.0f%s", r.rating(), 2 * r.deviation(),
                                    r.deviation() > PROVISIONAL ? "?" : " "),
                            (String.join(", ", p.aliases())));
                }
            }
            if (format.equals("table")) {
                out.println(players.size() + (players.size() == 1 ? " player" : " players")
                        + (shown < players.size() ? ", the first " + shown + " shown" : ""));
            }
        }
        out.flush();
        return s.toString();
    }

    /**
     * The names that disagree on copies of one game in two bases (with whether a rule joins them),
     * and the games one base holds twice under other players' names: a table, or JSON lines.
     */
    public static String conflicts(Engine db, String format) {
        checkFormat(format);
        java.io.StringWriter s = new java.io.StringWriter();
        java.io.PrintWriter out = new java.io.PrintWriter(s);
        {
            Engine.Conflicts c = db.conflicts();
            for (Engine.NameConflict n : c.copies()) {
                if (format.equals("jsonl")) {
                    ObjectNode o = Json.object();
                    o.put("kind", "names").put("name", n.nameA()).put("base", n.baseA()).put("otherName", n.nameB())
                            .put("otherBase", n.baseB()).put("games", n.games()).put("onePlayer", n.joined());
                    if (n.example() != null) {
                        o.put("example", n.example().base() + "/" + n.example().year() + "/" + n.example().record());
                    }
                    out.println(o);
                } else {
                    out.println((String.format(Locale.ROOT, "%s (%s) / %s (%s): %,d cop%s%s; e.g. %s",
                            n.nameA(), n.baseA(), n.nameB(), n.baseB(), n.games(), n.games() == 1 ? "y" : "ies",
                            n.joined() ? ", one player" : ", two names kept apart",
                            n.example() == null ? "?" : n.example().base() + " " + n.example().year() + " record "
                                    + n.example().record() + " = " + n.exampleCopy().base() + " " + n.exampleCopy().year()
                                    + " record " + n.exampleCopy().record())));
                }
            }
            for (List<StoredGame> pair : c.sameBase()) {
                StoredGame a = pair.get(0);
                StoredGame b = pair.get(1);
                if (format.equals("jsonl")) {
                    ObjectNode o = Json.object();
                    o.put("kind", "sameGame").put("base", a.base()).put("year", a.year()).put("record", a.record())
                            .put("otherRecord", b.record()).put("black", a.black()).put("white", a.white())
                            .put("otherBlack", b.black()).put("otherWhite", b.white());
                    out.println(o);
                } else {
                    out.println((String.format(Locale.ROOT, "%s %d: records %d and %d are the same game,"
                            + " %s – %s and %s – %s", a.base(), a.year(), a.record(), b.record(), a.black(), a.white(),
                            b.black(), b.white())));
                }
            }
            if (format.equals("table")) {
                out.printf("%,d pairs of names disagree on copies (%,d copies); %,d pairs of games of one base are the same"
                                + " game under other names%n", c.copies().size(),
                        c.copies().stream().mapToLong(Engine.NameConflict::games).sum(), c.sameBase().size());
            }
        }
        out.flush();
        return s.toString();
    }

}
