package org.thordb.stats;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.GameColumns;
import org.thordb.index.GameMoves;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.othello.Notation;
import org.thordb.othello.OpeningNames;
import org.thordb.othello.Symmetry;
import org.thordb.store.Catalog;
import java.util.Arrays;
import org.thordb.fault.Cancellation;
import org.thordb.store.FileRow;

/**
 * Grouped results of a set of games, from the per-game columns ({@link GameColumns}; the openings'
 * postings for a grouping by opening): each group's games, wins, draws, losses, score, average disc
 * difference and theoretical score, first and last year. One pass over the games; names are
 * resolved once a group, not once a game.
 *
 * <p>Usage: {@code List<GroupStats> rows = Statistics.compute(reader, ids, Grouping.parse("year"), null);}
 */
public final class Statistics {
    private Statistics() {
    }

    /** The players a head-to-head is about: true for (base, player number) of a named player. */
    @FunctionalInterface
    public interface Subject {
        /** Whether the player of that number in that base is one the query names. */
        boolean test(int base, int player);
    }

    /**
     * Figures from one player's side ({@code stats --as PLAYER}): each game counts from the side the
     * player had, and only with the colours asked for.
     *
     * @param player the player's (base, number) pairs: a player of several bases is one
     * @param asBlack whether the player's games as Black count
     * @param asWhite whether the player's games as White count
     */
    public record Perspective(Subject player, boolean asBlack, boolean asWhite) {
    }

    /** One group's running sums. */
    private static final class Sums {
        long games;
        long wins;
        long draws;
        long diff;
        long theoretical;
        long known;
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;

        void add(int diff, int theo, boolean theoKnown, int year) {
            games++;
            if (diff > 0) {
                wins++;
            } else if (diff == 0) {
                draws++;
            }
            this.diff += diff;
            if (theoKnown) { // an unknown theoretical score is left out, not counted as 0
                this.theoretical += theo;
                known++;
            }
            first = Math.min(first, year);
            last = Math.max(last, year);
        }
    }

    /**
     * The most groups a grouping may make: 200,000 (the FFO base has 4,412 players and about
     * 60,000 distinct openings of 20 moves). Grouping ten million games by a long opening would
     * otherwise hold millions of groups in memory for one answer.
     */
    public static final int MAX_GROUPS = 200_000;

    /** {@link #MAX_GROUPS}, or the system property {@code thordb.maxGroups} where a deployment sets another bound. */
    static int maxGroups() {
        return Integer.getInteger("thordb.maxGroups", MAX_GROUPS);
    }

    private static ThorDbException tooMany(Grouping g) {
        return Faults.of(ErrorCode.BAD_ARGUMENT, "grouping by " + g + " makes more than "
                + String.format("%,d", maxGroups()) + " groups, the most one answer holds: narrow the query, or group by a"
                + " shorter opening");
    }

    /**
     * The groups of {@code ids}, largest first (years in order).
     *
     * @param subject for {@link Grouping.By#OPPONENT}: the named players (required), else ignored
     */
    public static List<GroupStats> compute(IndexReader r, RoaringBitmap ids, Grouping g, Subject subject) {
        return compute(r, ids, g, subject, null);
    }

    /**
     * The groups of {@code ids} from a player's side ({@code as}; null: Black's side, as the
     * records say): by year, tournament, opening or result (then win, draw, loss).
     */
    public static List<GroupStats> compute(IndexReader r, RoaringBitmap ids, Grouping g, Subject subject, Perspective as) {
        GameColumns t = GameColumns.of(r);
        Catalog c = r.catalog();
        if (as != null && (g.by() == Grouping.By.PLAYER || g.by() == Grouping.By.BLACK || g.by() == Grouping.By.WHITE
                || g.by() == Grouping.By.OPPONENT)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a player's side goes with a grouping by year, tournament,"
                    + " opening or result; the player's opponents are the grouping by opponent");
        }
        if (g.by() == Grouping.By.OPPONENT && subject == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "--by opponent is the record of a player against each"
                    + " opponent: name the player in --where, such as --where 'player = \"Tastet Marc\"'");
        }
        Map<Long, Sums> byKey = new HashMap<>();
        OpeningNames names = OpeningNames.standard();
        List<int[]> namedLines = new ArrayList<>();
        List<String> namedNames = new ArrayList<>();
        if (g.by() == Grouping.By.OPENING && g.depth() == 0) {
            for (OpeningNames.Named n : names.all()) {
                namedLines.add(n.line());
                namedNames.add(n.name());
            }
        }
        Map<String, Long> openingKeys = new HashMap<>();
        // a grouping by opening reads the openings' postings (each game's group by its rank among
        // the ids); only one of 10 moves or more replays the games' moves (at 10, a file's games
        // alone with their 9-move line are in no line's term: Terms.openingUnsplit)
        int[] openingOfRank = null;
        GameMoves m = null;
        if (g.by() == Grouping.By.OPENING) {
            if (g.depth() == 0 ? names.longest() <= Terms.OPENING_DEPTH : g.depth() < Terms.OPENING_DEPTH) {
                openingOfRank = openingsFromPostings(r, ids, g.depth(), namedLines, openingKeys);
            } else {
                m = GameMoves.of(r, ids);
            }
        }
        IntIterator it = ids.getIntIterator();
        int steps = 0;
        while (it.hasNext()) {
            int id = it.next();
            if ((++steps & 1023) == 0) {
                Cancellation.check();
                if (byKey.size() > maxGroups()) {
                    throw tooMany(g);
                }
            }
            FileRow file = t.file(id); // side, year and base: the file's, looked up once
            int side = file.side();
            int total = side * side;
            int b = t.score(id);
            int blackDiff = 2 * b - total;
            int theo = t.theoretical(id);
            boolean k = t.theoreticalKnown(id);
            int year = file.year();
            int base = file.base();
            if (as != null) { // from the player's side: White's figures are Black's turned over
                boolean black = as.asBlack() && as.player().test(base, t.black(id));
                boolean white = as.asWhite() && as.player().test(base, t.white(id));
                if (black == white) {
                    continue; // not the player's game with a colour asked for (or the player against themself)
                }
                if (white) {
                    blackDiff = -blackDiff;
                    theo = total - theo;
                }
            }
            switch (g.by()) {
                case PLAYER -> {
                    sums(byKey, player(base, t.black(id))).add(blackDiff, theo, k, year);
                    sums(byKey, player(base, t.white(id))).add(-blackDiff, total - theo, k, year);
                }
                case BLACK -> sums(byKey, player(base, t.black(id))).add(blackDiff, theo, k, year);
                case WHITE -> sums(byKey, player(base, t.white(id))).add(-blackDiff, total - theo, k, year);
                case OPPONENT -> {
                    if (subject.test(base, t.black(id))) {
                        sums(byKey, player(base, t.white(id))).add(blackDiff, theo, k, year);
                    }
                    if (subject.test(base, t.white(id))) {
                        sums(byKey, player(base, t.black(id))).add(-blackDiff, total - theo, k, year);
                    }
                }
                case TOURNAMENT -> sums(byKey, ((long) base << 32) | t.tournament(id)).add(blackDiff, theo, k, year);
                case YEAR -> sums(byKey, year).add(blackDiff, theo, k, year);
                case RESULT -> sums(byKey, Long.signum(blackDiff)).add(blackDiff, theo, k, year);
                case OPENING -> sums(byKey, openingOfRank != null ? openingOfRank[steps - 1]
                        : opening(m, id, g.depth(), namedLines, openingKeys)).add(blackDiff, theo, k, year);
            }
        }
        if (byKey.size() > maxGroups()) {
            throw tooMany(g);
        }
        Map<Long, String> openingTexts = new HashMap<>();
        openingKeys.forEach((text, key) -> openingTexts.put(key, text));
        List<GroupStats> out = new ArrayList<>(byKey.size());
        for (Map.Entry<Long, Sums> e : byKey.entrySet()) {
            Sums s = e.getValue();
            String name = as != null && g.by() == Grouping.By.RESULT ? (e.getKey() > 0 ? "win" : e.getKey() < 0 ? "loss" : "draw")
                    : name(g, e.getKey(), c, namedNames, openingTexts);
            out.add(new GroupStats(name, s.games, s.wins, s.draws, s.games - s.wins - s.draws,
                    100.0 * (s.wins + s.draws / 2.0) / s.games, (double) s.diff / s.games,
                    s.known == 0 ? Double.NaN : (double) s.theoretical / s.known, s.first, s.last, s.known));
        }
        // a player of two bases, or of two names, is one group: merged by the preferred name
        if (g.by() == Grouping.By.PLAYER || g.by() == Grouping.By.BLACK || g.by() == Grouping.By.WHITE
                || g.by() == Grouping.By.OPPONENT || g.by() == Grouping.By.TOURNAMENT) {
            out = mergeByName(out);
        }
        out.sort(defaultOrder(g));
        return out;
    }

    private static Sums sums(Map<Long, Sums> m, long key) {
        return m.computeIfAbsent(key, k -> new Sums());
    }

    private static long player(int base, int number) {
        return ((long) base << 32) | number;
    }

    /**
     * Each game's opening key, by the game's rank among {@code ids}, from the openings' postings
     * (as {@link #opening} gives it from the moves): for depth 0 the index of the longest named
     * line the game begins with, else its first {@code depth} moves in the f5 orientation numbered
     * in {@code keys}; −1 for a game in none.
     */
    private static int[] openingsFromPostings(IndexReader r, RoaringBitmap ids, int depth, List<int[]> named,
                                              Map<String, Long> keys) {
        int[] out = new int[ids.getCardinality()];
        Arrays.fill(out, -1);
        if (depth == 0) { // the longest named line first: a game takes the first that has it
            Integer[] order = new Integer[named.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingInt((Integer i) -> -named.get(i).length));
            RoaringBitmap taken = new RoaringBitmap();
            for (int i : order) {
                RoaringBitmap games = RoaringBitmap.andNot(RoaringBitmap.and(r.opening(named.get(i), 8), ids), taken);
                taken.or(games);
                games.forEach((int id) -> out[(int) ids.rank(id) - 1] = i);
            }
            return out;
        }
        for (Map.Entry<int[], RoaringBitmap> e : r.openingsOfLength(depth)) {
            RoaringBitmap games = RoaringBitmap.and(e.getValue(), ids);
            if (games.isEmpty()) {
                continue;
            }
            StringBuilder sb = new StringBuilder(depth * 2);
            for (int sq : e.getKey()) {
                sb.append(Notation.name(sq));
            }
            int key = (int) (long) keys.computeIfAbsent(sb.toString(), x -> (long) keys.size());
            games.forEach((int id) -> out[(int) ids.rank(id) - 1] = key);
        }
        return out;
    }

    /**
     * An opening's key: the index of the longest named line the game begins with (depth 0), or its
     * first {@code depth} moves in the f5 orientation, numbered as they appear; −1 for a game shorter than that.
     */
    private static long opening(GameMoves t, int id, int depth, List<int[]> named, Map<String, Long> keys) {
        int n = t.side(id) == 8 ? t.moveCount(id) : 0;
        if (n == 0) {
            return -1;
        }
        byte[] moves = t.moves();
        int off = t.offset(id);
        Symmetry toF5 = null;
        for (Symmetry s : Symmetry.startPreserving()) {
            if (s.apply(moves[off]) == Notation.F5) {
                toF5 = s;
            }
        }
        if (toF5 == null) {
            return -1;
        }
        if (depth == 0) {
            int best = -1;
            int bestLength = 0;
            for (int i = 0; i < named.size(); i++) {
                int[] line = named.get(i);
                if (line.length <= n && line.length > bestLength) {
                    boolean all = true;
                    for (int k = 0; k < line.length && all; k++) {
                        all = toF5.apply(moves[off + k]) == line[k];
                    }
                    if (all) {
                        best = i;
                        bestLength = line.length;
                    }
                }
            }
            return best;
        }
        if (n < depth) {
            return -1;
        }
        // the moves' text numbered in order of appearance: one key a distinct opening
        StringBuilder sb = new StringBuilder(depth * 2);
        for (int k = 0; k < depth; k++) {
            sb.append(Notation.name(toF5.apply(moves[off + k])));
        }
        return keys.computeIfAbsent(sb.toString(), x -> (long) keys.size());
    }

    private static String name(Grouping g, long key, Catalog c, List<String> named, Map<Long, String> keys) {
        return switch (g.by()) {
            case PLAYER, BLACK, WHITE, OPPONENT -> {
                Catalog.Base b = c.base((int) (key >>> 32));
                // the player's preferred name: one group for every name the player has, in every base
                String n = b == null ? null : c.identities().preferredName(b.id(), (int) key);
                yield n != null ? n : "(player " + (int) key + " of " + (b == null ? "?" : b.name()) + ")";
            }
            case TOURNAMENT -> {
                Catalog.Base b = c.base((int) (key >>> 32));
                String n = b == null ? null : b.tournament((int) key);
                yield n != null ? n : "(tournament " + (int) key + " of " + (b == null ? "?" : b.name()) + ")";
            }
            case YEAR -> Long.toString(key);
            case RESULT -> key > 0 ? "black" : key < 0 ? "white" : "draw";
            case OPENING -> g.depth() == 0 ? (key < 0 ? "(no named opening)" : named.get((int) key))
                    : key == -1 ? "(shorter than " + g.depth() + " moves)" : keys.get(key);
        };
    }

    private static List<GroupStats> mergeByName(List<GroupStats> rows) {
        Map<String, GroupStats> m = new HashMap<>();
        for (GroupStats r : rows) {
            m.merge(r.group(), r, Statistics::merge);
        }
        return new ArrayList<>(m.values());
    }

    private static GroupStats merge(GroupStats a, GroupStats b) {
        long games = a.games() + b.games();
        return new GroupStats(a.group(), games, a.wins() + b.wins(), a.draws() + b.draws(), a.losses() + b.losses(),
                100.0 * (a.wins() + b.wins() + (a.draws() + b.draws()) / 2.0) / games,
                (a.avgDiff() * a.games() + b.avgDiff() * b.games()) / games,
                a.theoreticalGames() + b.theoreticalGames() == 0 ? Double.NaN
                        : (known(a) + known(b)) / (a.theoreticalGames() + b.theoreticalGames()),
                Math.min(a.firstYear(), b.firstYear()), Math.max(a.lastYear(), b.lastYear()),
                a.theoreticalGames() + b.theoreticalGames());
    }

    /** The sum of a group's known theoretical scores. */
    private static double known(GroupStats g) {
        return g.theoreticalGames() == 0 ? 0 : g.avgTheoretical() * g.theoreticalGames();
    }

    /** Years and results in their order; the rest most games first, then by name. */
    static Comparator<GroupStats> defaultOrder(Grouping g) {
        if (g.by() == Grouping.By.YEAR) {
            return Comparator.comparing(GroupStats::group);
        }
        if (g.by() == Grouping.By.RESULT) {
            List<String> order = List.of("black", "win", "draw", "white", "loss");
            return Comparator.comparingInt(r -> order.indexOf(r.group()));
        }
        return Comparator.comparingLong(GroupStats::games).reversed().thenComparing(GroupStats::group);
    }

    /** The keys {@code --sort} takes. */
    public static final String SORT_KEYS = "games, wins, draws, losses, score, diff, theoretical, first, last or group";

    /**
     * An order by a key: numbers largest first, {@code group} in alphabetical order; ties by group.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for an unknown key
     */
    public static Comparator<GroupStats> order(String key) {
        Comparator<GroupStats> c = switch (key.strip().toLowerCase(Locale.ROOT)) {
            case "games" -> Comparator.comparingLong(GroupStats::games).reversed();
            case "wins" -> Comparator.comparingLong(GroupStats::wins).reversed();
            case "draws" -> Comparator.comparingLong(GroupStats::draws).reversed();
            case "losses" -> Comparator.comparingLong(GroupStats::losses).reversed();
            case "score" -> Comparator.comparingDouble(GroupStats::scorePct).reversed();
            case "diff" -> Comparator.comparingDouble(GroupStats::avgDiff).reversed();
            case "theoretical" -> Comparator.comparingDouble((GroupStats r) -> Double.isNaN(r.avgTheoretical())
                    ? Double.NEGATIVE_INFINITY : r.avgTheoretical()).reversed();
            case "first" -> Comparator.comparingInt(GroupStats::firstYear);
            case "last" -> Comparator.comparingInt(GroupStats::lastYear).reversed();
            case "group" -> (a, b) -> 0;
            default -> throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown sort key '"
                    + Faults.quote(key) + "': " + SORT_KEYS);
        };
        return c.thenComparing(GroupStats::group);
    }
}
