package org.thordb.usecase;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import org.thordb.engine.PlayerDirectory;
import org.thordb.index.Copies;
import org.thordb.index.Duplicates;
import org.thordb.index.GameColumns;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Identities;
import org.thordb.stats.Grouping;
import org.thordb.wthor.WthorGame;
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
            List<PlayerDirectory.Player> players = new ArrayList<>(Players.of(db, where, byRating ? "games" : sort));
            Map<String, Glicko2.Point> ratings = byRating
                    ? PlayerReport.ratingsAt(db, at == null ? 0 : at) : Map.of();
            if (byRating) {
                // the rated first, highest first; a player of the games not yet rated at that year after them
                players.removeIf(p -> !ratings.containsKey(p.name()) && at != null && p.stats().firstYear() > at);
                // the established (a deviation of 100 or less) by rating, then the provisional (marked ?), then the unrated
                ToIntFunction<PlayerDirectory.Player> tier = p -> !ratings.containsKey(p.name()) ? 2
                        : ratings.get(p.name()).deviation() > PROVISIONAL ? 1 : 0;
                players.sort(Comparator.comparingInt(tier).thenComparingDouble((PlayerDirectory.Player p) ->
                        ratings.containsKey(p.name()) ? -ratings.get(p.name()).rating() : 0).thenComparing(PlayerDirectory.Player::name));
            }
            int shown = limit == 0 ? players.size() : Math.min(limit, players.size());
            if (format.equals("table")) {
                out.printf("%-20s %6s %5s %5s %5s %6s %5s  %-9s %-4s %-10s %s%s%n", "player", "games", "wins", "draws",
                        "losses", "score%", "discs", "years", "from", "born", byRating ? "rating    " : "", "aliases");
            }
            for (PlayerDirectory.Player p : players.subList(0, shown)) {
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
            Players.Conflicts c = Players.nameConflicts(db);
            for (Players.NameConflict n : c.copies()) {
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
                        c.copies().stream().mapToLong(Players.NameConflict::games).sum(), c.sameBase().size());
            }
        }
        out.flush();
        return s.toString();
    }

    /**
     * Every player of a query's games, sorted by {@code games} (most first), {@code score} (best
     * score share first) or {@code name}, each with the registry's record and the old names.
     */
    public static List<PlayerDirectory.Player> of(Engine db, String where, String sort) {
        return of(db, Games.filter(where == null ? "" : where), sort);
    }

    /** {@link #of(Engine, String, String)} of a query read once. */
    public static List<PlayerDirectory.Player> of(Engine db, Filter f, String sort) {
        PlayerDirectory.checkSort(sort);
        return db.read(r -> PlayerDirectory.players(Stats.groupsOn(r, Grouping.parse("player"), f), r.catalog(), sort));
    }

    /**
     * One other name of a player ({@link #aliases}), or a split a user said.
     *
     * @param player the player's preferred name (for a split: one of the two names)
     * @param alias the other name
     * @param base the base that gives it (empty for a split)
     * @param rule {@code name}, {@code order}, {@code copies}, {@code user}, or {@code different} for a split
     * @param years the years of the games played under it ({@code 2022-2025}; empty for a split)
     */
    public record Alias(String player, String alias, String base, String rule, String years) {
    }

    /**
     * Every player's other names, each with the base and years it came from and the rule that makes
     * it the player's, then every split a user said: what {@code thordb players aliases} lists and
     * writes as CSV.
     */
    public static List<Alias> aliases(Engine db) {
        return db.read(r -> {
            Catalog c = r.catalog();
            Identities who = c.identities();
            Map<Long, String> linkRule = new HashMap<>();
            for (Identities.Join j : who.joins()) {
                if (j.rule().equals("copies") || j.rule().equals("user")) {
                    linkRule.putIfAbsent(j.a(), j.rule());
                    linkRule.putIfAbsent(j.b(), j.rule());
                }
            }
            // the years each name was played under: from the games' name columns, file by file
            Map<Long, int[]> years = new HashMap<>();
            GameColumns cols = GameColumns.of(r);
            char[] black = cols.blackColumn();
            char[] white = cols.whiteColumn();
            for (FileRow f : c.gameFiles()) {
                for (int id = f.firstId(); id < f.firstId() + f.games() && id < black.length; id++) {
                    for (char n : new char[] {black[id], white[id]}) {
                        int[] y = years.computeIfAbsent(((long) f.base() << 32) | n, k -> new int[] {f.year(), f.year()});
                        y[0] = Math.min(y[0], f.year());
                        y[1] = Math.max(y[1], f.year());
                    }
                }
            }
            List<Alias> out = new ArrayList<>();
            for (int i = 0; i < who.size(); i++) {
                String preferred = who.preferred(i);
                String[] pw = Identities.words(preferred);
                for (Identities.Member m : who.members(i)) {
                    if (m.name().equals(preferred)) {
                        continue;
                    }
                    // the rule that makes the name the player's: the same name, the same words in another
                    // order, else the copies' or the user's link
                    String[] mw = Identities.words(m.name());
                    long key = ((long) m.base() << 32) | m.number();
                    String rule = Arrays.equals(pw, mw) ? "name"
                            : Identities.sameWords(pw, mw) ? "order" : linkRule.getOrDefault(key, "copies");
                    int[] y = years.get(key);
                    Catalog.Base b = c.base(m.base());
                    out.add(new Alias(preferred, m.name(), b == null ? "?" : b.name(), rule,
                            y == null ? "" : y[0] == y[1] ? String.valueOf(y[0]) : y[0] + "-" + y[1]));
                }
            }
            for (Identities.Link l : c.links()) {
                if (!l.same()) {
                    Catalog.Base a = c.base(l.baseA());
                    Catalog.Base b = c.base(l.baseB());
                    out.add(new Alias(a == null ? "?" : a.player(l.numberA()), b == null ? "?" : b.player(l.numberB()), "",
                            "different", ""));
                }
            }
            return out;
        });
    }

    /** Whether two names are one player now (by the store's rules and what users said). */
    public static boolean samePlayer(Engine db, String a, String b) {
        return db.read(r -> {
            Catalog c = r.catalog();
            Identities who = c.identities();
            Set<Integer> ia = new HashSet<>();
            Set<Integer> ib = new HashSet<>();
            for (Catalog.Base base : c.bases()) {
                for (int n : base.playerIndex().matching(a, false)) {
                    ia.add(who.of(base.id(), n));
                }
                for (int n : base.playerIndex().matching(b, false)) {
                    ib.add(who.of(base.id(), n));
                }
            }
            ia.retainAll(ib);
            ia.remove(-1);
            return !ia.isEmpty();
        });
    }

    /**
     * Where the names of copies disagree, and where one base holds the same game twice under other
     * players' names (the same whole move list and year): for a federation to mend its files. See
     * {@link Copies#disagreements()}.
     *
     * @param copies each pair of names that disagree on copies in two bases, most copies first, with
     *     whether a rule joins them into one player
     * @param sameBase each pair of games of one base with the same moves and year and other players
     */
    public record Conflicts(List<NameConflict> copies, List<List<StoredGame>> sameBase) {
    }

    /**
     * Two names one player of some copies has.
     *
     * @param nameA the name one base gives
     * @param baseA that base
     * @param nameB the name the other gives
     * @param baseB that base
     * @param games the copies that name them so
     * @param joined whether a rule (or a user) makes them one player
     * @param example a game of base A among them
     * @param exampleCopy its copy in base B
     */
    public record NameConflict(String nameA, String baseA, String nameB, String baseB, int games, boolean joined,
                               StoredGame example, StoredGame exampleCopy) {
    }

    /** The conflicts between names of the stored games ({@link Conflicts}). */
    public static Conflicts nameConflicts(Engine db) {
        return db.read(r -> {
            Catalog c = r.catalog();
            Identities who = c.identities();
            List<NameConflict> copies = new ArrayList<>();
            for (Copies.Disagreement d : Copies.of(r).disagreements()) {
                Catalog.Base a = c.base(d.baseA());
                Catalog.Base b = c.base(d.baseB());
                String na = a == null ? null : a.player(d.numberA());
                String nb = b == null ? null : b.player(d.numberB());
                int ia = who.of(d.baseA(), d.numberA());
                GameRow ea = r.game(d.example());
                GameRow eb = r.game(d.exampleOther());
                copies.add(new NameConflict(na, a == null ? "?" : a.name(), nb, b == null ? "?" : b.name(), d.games(),
                        ia >= 0 && ia == who.of(d.baseB(), d.numberB()), ea == null ? null : StoredGame.of(ea, c),
                        eb == null ? null : StoredGame.of(eb, c)));
            }
            List<List<StoredGame>> same = new ArrayList<>();
            for (Duplicates.Group grp : Duplicates.of(r).groups()) {
                List<GameRow> rows = new ArrayList<>();
                for (int id : grp.ids()) {
                    GameRow row = r.game(id);
                    if (row != null) {
                        rows.add(row);
                    }
                }
                for (int i = 0; i < rows.size(); i++) {
                    for (int j = i + 1; j < rows.size(); j++) {
                        GameRow x = rows.get(i);
                        GameRow y = rows.get(j);
                        WthorGame wx = new WthorGame(x.raw(), x.side());
                        WthorGame wy = new WthorGame(y.raw(), y.side());
                        if (x.base() == y.base() && x.year() == y.year()
                                && (wx.black() != wy.black() || wx.white() != wy.white())) {
                            same.add(List.of(StoredGame.of(x, c), StoredGame.of(y, c)));
                        }
                    }
                }
            }
            return new Conflicts(copies, same);
        });
    }
}
