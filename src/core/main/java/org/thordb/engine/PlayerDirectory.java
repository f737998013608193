package org.thordb.engine;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.thordb.error.ErrorCode;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.Predicate;
import org.thordb.stats.GroupStats;
import org.thordb.store.Catalog;
import org.thordb.store.NameIndex;
import org.thordb.store.PlayerRecord;
import org.thordb.index.GameName;
import org.thordb.store.Identities;

/**
 * The players of a store as a user asks for them: each with the record of the games a query
 * chose, the registry's record and the old names, and what a query's names match (or do not).
 *
 * <p>Usage: {@code List<PlayerDirectory.Player> ps = Players.of(db, Filter.ALL, "games");}
 */
public final class PlayerDirectory {
    /** The orders {@link #players} takes. */
    public static final List<String> SORTS = List.of("games", "score", "name");

    private PlayerDirectory() {
    }

    /**
     * One player of {@link #players}: the games of the query (every game for a blank one) that
     * player played, from the player's side, with the registry's record and the old names.
     *
     * @param name the player's name
     * @param stats games, wins, draws, losses, score share, average disc difference, first and last year
     * @param record the registry's record in the first base that has one, or null
     * @param aliases the player's other names (renames, the registry's aliases), in every base
     */
    public record Player(String name, GroupStats stats, PlayerRecord record,
                         List<String> aliases) {
        /** Average discs at the end from the player's side. */
        public double averageDiscs() {
            return 32 + stats.avgDiff() / 2;
        }
    }

    /** Checks a players' sort before any work. */
    public static void checkSort(String sort) {
        if (!SORTS.contains(sort)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown sort '" + Faults.quote(sort)
                    + "': games, score or name");
        }
    }

    /**
     * The players of grouped statistics ({@code by player}), with their registry records and
     * aliases, sorted by {@code games} (most first), {@code score} (best share first) or {@code name}
     * ({@link #checkSort} checked it before the work).
     */
    public static List<Player> players(List<GroupStats> rows, Catalog c, String sort) {
        List<Player> out = new ArrayList<>(rows.size());
        Identities who = c.identities();
        for (GroupStats g : rows) {
            PlayerRecord rec = null;
            LinkedHashSet<String> aliases = new LinkedHashSet<>();
            int identity = -1;
            for (Catalog.Base b : c.bases()) {
                for (int n : b.playerIndex().matching(g.group(), false)) {
                    if (g.group().equals(b.player(n)) && identity < 0) {
                        identity = who.of(b.id(), n);
                    }
                }
            }
            // the player's every name: those the identity joins, and each one's old names and the registry's aliases
            List<Identities.Member> members = identity < 0 ? List.of() : who.members(identity);
            for (Identities.Member m : members) {
                Catalog.Base b = c.base(m.base());
                if (rec == null && b != null) {
                    rec = b.record(m.number());
                }
                if (!m.name().equals(g.group())) {
                    aliases.add(m.name());
                }
                if (b != null) {
                    aliases.addAll(b.otherNames(m.number()));
                }
            }
            aliases.remove(g.group());
            out.add(new Player(g.group(), g, rec, List.copyOf(aliases)));
        }
        Comparator<Player> order = switch (sort) {
            case "score" -> Comparator.comparingDouble((Player p) -> -p.stats().scorePct());
            case "name" -> Comparator.comparing(Player::name);
            default -> Comparator.comparingLong((Player p) -> -p.stats().games());
        };
        out.sort(order.thenComparing(Player::name));
        return out;
    }

    /** The (base, number) of every player a query's player, black or white conditions name. */
    public static void namedPlayers(Expr e, Catalog c, Set<Long> out) {
        for (Predicate p : e.predicates(false)) {
            if (p instanceof Predicate.NameMatch m && m.field() != GameName.TOURNAMENT) {
                m.field().matching(c, m.name(), m.substring()).forEach((base, numbers) -> {
                    for (int n : numbers) {
                        out.add(((long) base << 32) | n);
                    }
                });
            }
        }
    }

    /** Each name a query asks for that no base holds, with the nearest stored names. */
    public static List<String> unknownNames(Expr e, Catalog c) {
        List<String> out = new ArrayList<>();
        for (Predicate p : e.predicates(true)) {
            if (p instanceof Predicate.NameMatch m) {
                unknownName(m, c, out);
            }
        }
        return out;
    }

    private static void unknownName(Predicate.NameMatch m, Catalog c, List<String> out) {
        boolean tournament = m.field() == GameName.TOURNAMENT;
        LinkedHashSet<String> near = new LinkedHashSet<>();
        for (Catalog.Base b : c.bases()) {
            NameIndex ix = m.field().names(b);
            if (ix.matching(m.name(), m.substring()).length > 0) {
                return;
            }
            near.addAll(ix.nearest(m.name(), 3));
        }
        String kind = tournament ? "tournament" : "player";
        String what = m.substring() ? "no " + kind + "'s name contains \"" + m.name() + "\""
                : "no " + kind + " is named \"" + m.name() + "\"";
        List<String> best = near.stream().limit(3).map(n -> "\"" + n + "\"").toList();
        out.add(what + (best.isEmpty() ? "" : "; did you mean " + String.join(" or ", best) + "?"));
    }
}
