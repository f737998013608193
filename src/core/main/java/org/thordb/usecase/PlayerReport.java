package org.thordb.usecase;

import org.thordb.query.Filter;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.WeakHashMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.explore.Exploration;
import org.thordb.explore.MoveValues;
import org.thordb.export.Json;
import org.thordb.fault.Faults;
import org.thordb.index.IndexReader;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.query.exec.QueryEngine;
import org.thordb.stats.Glicko2;
import org.thordb.stats.Wilson;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.PlayerRecord;
import org.thordb.wthor.WthorGame;
import java.util.Arrays;
import java.util.TreeSet;
import org.thordb.error.ThorDbException;
import org.thordb.store.Identities;

/**
 * A player's report, the one owner of that question for every surface (the command line's
 * {@code report}, the REPL's {@code :report}, {@code /api/players/{name}/report} and
 * {@code ThorDb.report}): who the player is (every name the identity joins, country, years,
 * bases); games and results by year and by colour; the most frequent lines as Black and as White
 * with the base's expected score for the moves played and, for the first few, the value of the
 * best move against the move played; the replies to each first move; the record against the most
 * frequent opponents; the endgames against their theoretical scores; and a rating curve computed
 * here ({@link Glicko2}). Copies of a game in several bases count once, as every query counts them.
 *
 * <p>Usage: {@code PlayerReport.Report r = PlayerReport.of(db, "Tastet Marc", PlayerReport.Settings.DEFAULT);}
 */
public final class PlayerReport {
    private PlayerReport() {
    }

    /**
     * What a report shows.
     *
     * @param plies the length of a line as White (a line as Black is one move shorter, so that
     *     each line ends with the player's own move)
     * @param lines the lines shown for each colour
     * @param valued how many of those lines (the most frequent first) get the value of the best
     *     move and of the move played at the player's last move of the line
     * @param opponents the opponents shown
     */
    public record Settings(int plies, int lines, int valued, int opponents) {
        /** The same on every surface: lines of 8 moves, 10 a colour, the first of each colour valued (an estimate costs 0.2–0.6 s), 10 opponents. */
        public static final Settings DEFAULT = new Settings(8, 10, 1, 10);

        public Settings {
            if (plies < 2 || plies > 20 || lines < 0 || lines > 100 || valued < 0 || valued > lines || opponents < 0
                    || opponents > 100) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a report's lines are 2 to 20 moves long, at most 100 of them"
                        + " (the valued ones among them) and 100 opponents");
            }
        }
    }

    /**
     * A record from the player's side, with the query that finds its games.
     *
     * @param name what the games have in common (a year, an opponent, a colour)
     * @param query the games behind the figures, as a query every surface takes
     * @param low the score's 95% Wilson interval, low end (a share of points)
     * @param high its high end
     */
    public record Tally(String name, String query, long games, long wins, long draws, long losses, long discs,
                        double low, double high) {
        /** The player's share of points, a win one and a draw half. */
        public double score() {
            return games == 0 ? Double.NaN : (wins + draws / 2.0) / games;
        }

        /** The average disc difference for the player. */
        public double averageDiscs() {
            return games == 0 ? Double.NaN : (double) discs / games;
        }

        /** Too few games to read much into (fewer than {@link Wilson#FEW}). */
        public boolean few() {
            return games < Wilson.FEW;
        }
    }

    /**
     * One of the player's lines, in the orientation whose first move is f5.
     *
     * @param line the moves
     * @param colour the player's colour in it
     * @param record the player's games in it
     * @param baseGames every game of the base with the line (counted once)
     * @param expected the share of points the player's colour scores with the line's last move
     *     (the player's) in every game of the base that reached the position before it
     * @param bestMove the best move at the player's last choice (null when not valued)
     * @param best its value for the player (discs), null when not valued
     * @param played the value of the move the player played there
     * @param exact whether the values are exact scores (else estimates)
     * @param depth how many moves deep an estimate searched
     */
    public record Line(String line, String colour, Tally record, long baseGames, double expected, String bestMove,
                       Integer best, Integer played, boolean exact, int depth) {
        /** The discs the move played gives away against the best one, when valued. */
        public Integer cost() {
            return best == null || played == null ? null : best - played;
        }
    }

    /**
     * The player's replies to an opponent's first move: {@code after} is the line before the reply.
     */
    public record Reply(String colour, String after, String move, Tally record) {
    }

    /**
     * One of the endgames the player lost most in, against its theoretical score.
     *
     * @param theoretical the player's disc difference under perfect play from the score's depth
     * @param result the player's final disc difference
     */
    public record Swing(String base, int year, int record, String colour, String opponent, int theoretical, int result,
                        int empties) {
        /** Discs lost against perfect play. */
        public int loss() {
            return theoretical - result;
        }
    }

    /**
     * The endgames: games whose theoretical score is known, the player's average discs lost against
     * it (perfect play from 24 empties in the FFO's files), how many games lost some, the worst.
     */
    public record Endgames(long known, long lostSome, double averageLoss, List<Swing> worst) {
    }

    /**
     * A player's report.
     *
     * @param player the preferred name (the earliest base's)
     * @param names every name the player's identity joins, with the base that spells it so
     * @param country the registry's country, or null
     * @param born the registry's year of birth, 0 when unknown
     * @param bases the bases with the player's games
     * @param all every game; {@code black} and {@code white} by colour
     * @param years the record year by year
     * @param ratings the rating computed here at the end of every year from the first game to the last
     */
    public record Report(String player, List<String> names, String country, int born, List<String> bases, Tally all,
                         Tally black, Tally white, List<Tally> years, List<Line> blackLines, List<Line> whiteLines,
                         List<Reply> replies, List<Tally> opponents, Endgames endgames, List<Glicko2.Point> ratings) {
    }

    /**
     * The report of the player a name names (any spelling the identities join).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when no base holds the name
     */
    public static Report of(Engine db, String name, Settings s) {
        String asked = name == null ? "" : name.strip();
        if (asked.isEmpty()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a report needs a player's name");
        }
        String quoted = NamedPlayer.quote(asked);
        Gathered g = db.read(r -> gather(r, asked, quoted, s));
        if (g == null) {
            List<String> notes = Games.notes(db, "player = " + quoted);
            throw Faults.of(ErrorCode.BAD_ARGUMENT, notes.isEmpty() ? "no player is named \"" + asked + "\""
                    : notes.get(0));
        }
        // the lines' expected scores and values, through the explorer's and its values' own use cases
        List<Line> blackLines = lines(db, g.blackLines, "black", g.quotedPlayer, s);
        List<Line> whiteLines = lines(db, g.whiteLines, "white", g.quotedPlayer, s);
        return new Report(g.player, g.names, g.country, g.born, g.bases, g.all.tally("every game", "player = " + g.quotedPlayer),
                g.black.tally("as Black", "black = " + g.quotedPlayer), g.white.tally("as White", "white = " + g.quotedPlayer),
                g.years.entrySet().stream().map(e -> e.getValue().tally(Integer.toString(e.getKey()),
                        "player = " + g.quotedPlayer + " and year = " + e.getKey())).toList(),
                blackLines, whiteLines, g.replies, g.opponents, g.endgames, g.ratings);
    }

    /** Sums from the player's side. */
    private static final class Sums {
        long games;
        long wins;
        long draws;
        long losses;
        long discs;

        void add(int diff) {
            games++;
            discs += diff;
            if (diff > 0) {
                wins++;
            } else if (diff == 0) {
                draws++;
            } else {
                losses++;
            }
        }

        Tally tally(String name, String query) {
            double[] ci = Wilson.interval(wins + draws / 2.0, games);
            return new Tally(name, query, games, wins, draws, losses, discs, ci[0], ci[1]);
        }
    }

    /** What one read of the store gathers: everything but the explorer's figures. */
    private record Gathered(String player, String quotedPlayer, List<String> names, String country, int born,
                            List<String> bases, Sums all, Sums black, Sums white, TreeMap<Integer, Sums> years,
                            Map<String, Sums> blackLines, Map<String, Sums> whiteLines, List<Reply> replies,
                            List<Tally> opponents, Endgames endgames, List<Glicko2.Point> ratings) {
    }

    private static Gathered gather(IndexReader r, String asked, String quoted, Settings s) {
        Catalog c = r.catalog();
        NamedPlayer named = NamedPlayer.of(c, asked);
        if (named == null) {
            return null;
        }
        Set<Long> me = named.numbers();
        Identities ids = c.identities();
        // who: the identity's names, the registry's country and birth
        Set<Integer> identities = named.identities();
        String player = named.preferred();
        String quotedPlayer = NamedPlayer.quote(player);
        LinkedHashSet<String> names = new LinkedHashSet<>();
        String country = null;
        int born = 0;
        for (long k : me) {
            Catalog.Base b = c.base((int) (k >>> 32));
            if (b == null) {
                continue;
            }
            String n = b.player((int) k);
            if (n != null) {
                names.add(n + " (" + b.name() + ")");
            }
            PlayerRecord pr = b.record((int) k);
            if (pr != null) {
                country = country == null ? pr.country() : country;
                born = born == 0 ? Math.max(0, pr.birth()) : born;
            }
        }
        RoaringBitmap games = QueryEngine.matching(Filter.ALL.playedBy(asked, "both"), r);
        Sums all = new Sums();
        Sums black = new Sums();
        Sums white = new Sums();
        TreeMap<Integer, Sums> years = new TreeMap<>();
        Map<String, Sums> blackLines = new HashMap<>();
        Map<String, Sums> whiteLines = new HashMap<>();
        Map<String, Sums> replyMap = new TreeMap<>();
        Map<Integer, Sums> opponents = new HashMap<>();
        Map<Integer, String> opponentNames = new HashMap<>();
        Set<String> bases = new TreeSet<>();
        long known = 0;
        long lostSome = 0;
        long lossSum = 0;
        List<Swing> swings = new ArrayList<>();
        for (int id : games) {
            GameRow row = r.game(id);
            if (row == null) {
                continue;
            }
            WthorGame w = new WthorGame(row.raw(), row.side());
            boolean asBlack = me.contains(((long) row.base() << 32) | w.black());
            boolean asWhite = me.contains(((long) row.base() << 32) | w.white());
            if (asBlack == asWhite) {
                continue; // a game against themself (two of their names): no side to take
            }
            Catalog.Base b = c.base(row.base());
            bases.add(b == null ? "?" : b.name());
            int blackDiff = 2 * w.blackScore() - 64;
            int diff = asBlack ? blackDiff : -blackDiff;
            all.add(diff);
            (asBlack ? black : white).add(diff);
            years.computeIfAbsent(row.year(), y -> new Sums()).add(diff);
            int[] line = f5Line(w.squares(), s.plies());
            int plies = asBlack ? s.plies() - 1 : s.plies();
            if (line.length >= plies) {
                (asBlack ? blackLines : whiteLines).computeIfAbsent(Notation.line(Arrays.copyOf(line, plies)),
                        k -> new Sums()).add(diff);
            }
            // the reply to the opponent's first move: White's second move of the game, Black's third
            int at = asBlack ? 2 : 1;
            if (line.length > at) {
                String after = Notation.line(Arrays.copyOf(line, at));
                replyMap.computeIfAbsent((asBlack ? "black " : "white ") + after + " " + Notation.name(line[at]),
                        k -> new Sums()).add(diff);
            }
            int opponent = asBlack ? w.white() : w.black();
            int oi = ids.of(row.base(), opponent);
            int key = oi >= 0 ? oi : -1 - (row.base() * 65536 + opponent);
            opponents.computeIfAbsent(key, k -> new Sums()).add(diff);
            opponentNames.computeIfAbsent(key, k -> oi >= 0 ? ids.preferred(oi)
                    : b == null || b.player(opponent) == null ? "#" + opponent : b.player(opponent));
            FileRow f = c.gameFileOf(row.id());
            if (f != null && f.theoreticalKnown(row) && !row.damaged()) {
                int theoBlack = 2 * w.theoreticalScore() - 64;
                int theo = asBlack ? theoBlack : -theoBlack;
                int loss = theo - diff;
                known++;
                lossSum += loss;
                if (loss > 0) {
                    lostSome++;
                    int depth = f.theoreticalDepth(row);
                    swings.add(new Swing(b == null ? "?" : b.name(), row.year(), row.record(), asBlack ? "black" : "white",
                            opponentNames.get(key), theo, diff, depth));
                }
            }
        }
        if (all.games == 0 && identities.isEmpty()) {
            return null;
        }
        swings.sort(Comparator.comparingInt(Swing::loss).reversed().thenComparing(Swing::year).thenComparing(Swing::base)
                .thenComparingInt(Swing::record));
        List<Reply> replies = new ArrayList<>();
        replyMap.forEach((k, v) -> {
            String[] p = k.split(" ");
            replies.add(new Reply(p[0], p[1], p[2], v.tally(p[0] + " after " + p[1] + ": " + p[2],
                    p[0] + " = " + quotedPlayer + " and opening = " + p[1] + p[2])));
        });
        replies.sort(Comparator.comparing(Reply::colour).reversed().thenComparing(Reply::after)
                .thenComparing((x, y) -> Long.compare(y.record().games(), x.record().games())).thenComparing(Reply::move));
        List<Tally> opp = new ArrayList<>();
        opponents.entrySet().stream()
                .sorted((x, y) -> x.getValue().games != y.getValue().games ? Long.compare(y.getValue().games, x.getValue().games)
                        : opponentNames.get(x.getKey()).compareTo(opponentNames.get(y.getKey())))
                .limit(s.opponents())
                .forEach(e -> {
                    String n = opponentNames.get(e.getKey());
                    opp.add(e.getValue().tally(n, "player = " + quotedPlayer + " and player = " + NamedPlayer.quote(n)));
                });
        Glicko2.History h = ratings(r);
        List<Glicko2.Point> curve = List.of();
        if (!identities.isEmpty() && !years.isEmpty()) {
            int lastPlayed = years.lastKey(); // the curve ends with the player's last year of games
            curve = h.of(identities.iterator().next()).stream().filter(p -> p.year() <= lastPlayed).toList();
        }
        return new Gathered(player, quotedPlayer, List.copyOf(names), country, born, List.copyOf(bases), all, black, white,
                years, top(blackLines, s.lines()), top(whiteLines, s.lines()), replies, opp,
                new Endgames(known, lostSome, known == 0 ? Double.NaN : (double) lossSum / known,
                        List.copyOf(swings.subList(0, Math.min(5, swings.size())))), curve);
    }

    /** The most frequent lines, most games first (then in square order of their moves). */
    private static Map<String, Sums> top(Map<String, Sums> lines, int n) {
        Map<String, Sums> out = new LinkedHashMap<>();
        lines.entrySet().stream().sorted((x, y) -> x.getValue().games != y.getValue().games
                ? Long.compare(y.getValue().games, x.getValue().games) : x.getKey().compareTo(y.getKey()))
                .limit(n).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** A game's first moves turned so that the first is f5 (up to the first pass or bad byte). */
    static int[] f5Line(int[] squares, int plies) {
        if (squares.length == 0 || squares[0] < 0) {
            return new int[0];
        }
        Symmetry toF5 = Symmetry.toF5(squares[0]);
        int n = 0;
        while (n < plies && n < squares.length && squares[n] >= 0) {
            n++;
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = toF5.apply(squares[i]);
        }
        // a line whose moves pass on the way is left as far as it holds without a pass
        Position p = Position.start();
        for (int i = 0; i < n; i++) {
            if (!p.isLegal(out[i])) {
                return Arrays.copyOf(out, i);
            }
            p = p.play(out[i]);
        }
        return out;
    }

    private static List<Line> lines(Engine db, Map<String, Sums> lines, String colour, String quotedPlayer, Settings s) {
        List<Line> out = new ArrayList<>();
        int k = 0;
        for (Map.Entry<String, Sums> e : lines.entrySet()) {
            int[] moves = Notation.parseLine(e.getKey());
            Position before = Position.start();
            for (int i = 0; i < moves.length - 1; i++) {
                before = before.play(moves[i]);
            }
            int last = moves[moves.length - 1];
            Exploration x = Explore.exploration(db, before, "");
            long baseGames = 0;
            double expected = Double.NaN;
            Side mine = colour.equals("black") ? Side.BLACK : Side.WHITE;
            for (Exploration.Row row : x.rows()) {
                if (row.move() == last && row.games() > 0) {
                    baseGames = row.games();
                    expected = row.points(mine) / row.games();
                }
            }
            String bestMove = null;
            Integer best = null;
            Integer played = null;
            boolean exact = false;
            int depth = 0;
            if (k < s.valued() && before.toMove() == mine) {
                MoveValues v = Explore.values(db, before, Explore.Settings.DEFAULT);
                int b = v.bestMove();
                if (b >= 0) {
                    bestMove = Notation.name(b);
                    best = v.value(b);
                    played = v.value(last);
                    exact = v.exact();
                    depth = v.depth();
                }
            }
            out.add(new Line(e.getKey(), colour, e.getValue().tally(e.getKey(), colour + " = " + quotedPlayer
                    + " and opening = " + e.getKey()), baseGames, expected, bestMove, best, played, exact, depth));
            k++;
        }
        return out;
    }

    private static final Map<Catalog, Glicko2.History> RATINGS = new WeakHashMap<>();

    /**
     * Everyone's ratings over every game of the store (copies counted once), made once per state
     * of the store: a game's players are their identities, so that two spellings are one player.
     */
    static Glicko2.History ratings(IndexReader r) {
        Catalog c = r.catalog();
        synchronized (RATINGS) {
            Glicko2.History h = RATINGS.get(c);
            if (h != null) {
                return h;
            }
        }
        Glicko2.History h = Glicko2.rate(ratedGames(r));
        synchronized (RATINGS) {
            RATINGS.put(c, h);
        }
        return h;
    }

    /**
     * Every rated player's rating at the end of a year (0: the store's last year), by preferred
     * name: what {@code thordb players --sort rating --at YEAR} ranks them by. A player's rating at
     * a year after their last game is the last one, its deviation widened by the idle years.
     */
    public static Map<String, Glicko2.Point> ratingsAt(Engine db, int year) {
        return db.read(r -> {
            Glicko2.History h = ratings(r);
            int at = year;
            if (at == 0) {
                for (long p : h.players()) {
                    List<Glicko2.Point> pts = h.of(p);
                    at = Math.max(at, pts.get(pts.size() - 1).year());
                }
            }
            Identities ids = r.catalog().identities();
            Map<String, Glicko2.Point> out = new HashMap<>();
            for (long p : h.players()) {
                Glicko2.Point pt = h.at(p, at);
                if (pt != null && p >= 0) {
                    out.put(ids.preferred((int) p), pt);
                }
            }
            return out;
        });
    }

    /** Every game counted once, as the ratings take it: the two players' identities, the year and Black's result. */
    public static List<Glicko2.Game> ratedGames(IndexReader r) {
        Catalog c = r.catalog();
        Identities ids = c.identities();
        RoaringBitmap once = QueryEngine.matching(org.thordb.query.Filter.ALL, r);
        List<Glicko2.Game> out = new ArrayList<>(once.getCardinality());
        r.scanGames(row -> {
            if (once.contains(row.id()) && !row.damaged()) {
                WthorGame w = new WthorGame(row.raw(), row.side());
                long a = player(ids, row.base(), w.black());
                long b = player(ids, row.base(), w.white());
                if (a != b) {
                    int diff = 2 * w.blackScore() - 64;
                    out.add(new Glicko2.Game(a, b, row.year(), diff > 0 ? 1 : diff == 0 ? 0.5 : 0));
                }
            }
            return true;
        });
        return out;
    }

    /** A player's number for the ratings: the identity, or (a number with no name) one of its own below zero. */
    private static long player(Identities ids, int base, int number) {
        int i = ids.of(base, number);
        return i >= 0 ? i : -1 - (((long) base << 32) | number);
    }

    /** The report as JSON, the same on every surface that answers it so. */
    public static ObjectNode json(Report r) {
        ObjectNode o = Json.object();
        o.put("player", r.player());
        ArrayNode names = o.putArray("names");
        r.names().forEach(names::add);
        o.put("country", r.country());
        if (r.born() > 0) {
            o.put("born", r.born());
        } else {
            o.putNull("born");
        }
        ArrayNode bases = o.putArray("bases");
        r.bases().forEach(bases::add);
        o.set("all", tally(r.all()));
        o.set("black", tally(r.black()));
        o.set("white", tally(r.white()));
        ArrayNode years = o.putArray("years");
        for (Tally t : r.years()) {
            ObjectNode y = tally(t);
            int year = Integer.parseInt(t.name());
            r.ratings().stream().filter(p -> p.year() == year).findFirst().ifPresent(p -> y.put("rating", Math.round(p.rating()))
                    .put("deviation", Math.round(p.deviation())));
            years.add(y);
        }
        ArrayNode lines = o.putArray("lines");
        for (Line l : concat(r.blackLines(), r.whiteLines())) {
            ObjectNode n = tally(l.record());
            n.put("line", l.line()).put("colour", l.colour()).put("baseGames", l.baseGames());
            number(n, "expected", l.expected());
            n.put("bestMove", l.bestMove());
            if (l.best() != null) {
                n.put("best", l.best()).put("played", l.played()).put("cost", l.cost()).put("exact", l.exact())
                        .put("depth", l.depth());
            }
            lines.add(n);
        }
        ArrayNode replies = o.putArray("replies");
        for (Reply p : r.replies()) {
            ObjectNode n = tally(p.record());
            n.put("colour", p.colour()).put("after", p.after()).put("move", p.move());
            replies.add(n);
        }
        ArrayNode opponents = o.putArray("opponents");
        r.opponents().forEach(t -> opponents.add(tally(t)));
        ObjectNode end = o.putObject("endgames");
        end.put("known", r.endgames().known()).put("lostSome", r.endgames().lostSome());
        number(end, "averageLoss", r.endgames().averageLoss());
        ArrayNode worst = end.putArray("worst");
        for (Swing s : r.endgames().worst()) {
            worst.addObject().put("base", s.base()).put("year", s.year()).put("record", s.record()).put("colour", s.colour())
                    .put("opponent", s.opponent()).put("theoretical", s.theoretical()).put("result", s.result())
                    .put("loss", s.loss()).put("empties", s.empties());
        }
        ArrayNode ratings = o.putArray("ratings");
        for (Glicko2.Point p : r.ratings()) {
            ratings.addObject().put("year", p.year()).put("rating", Math.round(p.rating())).put("deviation", Math.round(p.deviation()))
                    .put("games", p.games());
        }
        o.put("ratingMethod", "Glicko-2 computed by thordb (a year a rating period, start 1500/350/0.06, tau 0.5), not a federation's rating");
        return o;
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static ObjectNode tally(Tally t) {
        ObjectNode n = Json.object();
        n.put("name", t.name()).put("query", t.query()).put("games", t.games()).put("wins", t.wins()).put("draws", t.draws())
                .put("losses", t.losses());
        number(n, "score", t.score());
        number(n, "averageDiscs", t.averageDiscs());
        number(n, "scoreLow", t.low());
        number(n, "scoreHigh", t.high());
        n.put("few", t.few());
        return n;
    }

    private static void number(ObjectNode n, String field, double v) {
        if (Double.isNaN(v)) {
            n.putNull(field);
        } else {
            n.put(field, Math.round(v * 10000) / 10000.0);
        }
    }

    /**
     * The report as text, as {@code thordb report} and the REPL's {@code :report} print it: tables
     * with sparklines, names as the bases spell them (a terminal's adapter makes them safe to show).
     */
    public static String text(Report r) {
        java.io.StringWriter s = new java.io.StringWriter();
        write(r, new java.io.PrintWriter(s));
        return s.toString();
    }

    private static void write(Report r, java.io.PrintWriter out) {
        out.println((r.player()) + (r.country() == null ? "" : ", " + r.country())
                + (r.born() > 0 ? ", born " + r.born() : ""));
        out.println("  names: " + (String.join(", ", r.names())));
        out.println("  bases: " + String.join(", ", r.bases()) + (r.years().isEmpty() ? ""
                : "; years " + r.years().get(0).name() + "–" + r.years().get(r.years().size() - 1).name()));
        out.println();
        if (r.all().games() == 0) {
            out.println("no game of the store has this player: a names file holds the name, no game names its number");
            return;
        }
        out.printf("%-22s %6s %5s %5s %6s %7s %13s %6s%n", "", "games", "wins", "draws", "losses", "score", "(95%)", "discs");
        row(out, "every game", r.all());
        row(out, "as Black", r.black());
        row(out, "as White", r.white());
        out.println();
        out.println("by year                 score " + spark(r.years().stream().mapToDouble(Tally::score).toArray(), 0, 1)
                + (r.ratings().isEmpty() ? "" : "   rating " + spark(r.ratings().stream().mapToDouble(Glicko2.Point::rating).toArray(),
                        Double.NaN, Double.NaN)));
        for (Tally t : r.years()) {
            int year = Integer.parseInt(t.name());
            String rating = r.ratings().stream().filter(p -> p.year() == year).findFirst()
                    .map(p -> String.format(Locale.ROOT, "  rating %4.0f ±%3.0f", p.rating(), 2 * p.deviation())).orElse("");
            row(out, t.name(), t, rating);
        }
        lines(out, "most frequent lines as Black", r.blackLines());
        lines(out, "most frequent lines as White", r.whiteLines());
        out.println();
        out.println("replies to the first moves");
        for (Reply p : r.replies()) {
            row(out, "  " + p.colour() + " after " + p.after() + ": " + p.move(), p.record());
        }
        out.println();
        out.println("most frequent opponents");
        for (Tally t : r.opponents()) {
            row(out, "  " + Columns.fit(t.name(), 20), t);
        }
        out.println();
        Endgames e = r.endgames();
        out.printf(Locale.ROOT, "endgames against the theoretical score (perfect play from its depth): %d games known; in %d"
                + " the player finished below it; %s%n", e.known(), e.lostSome(), Double.isNaN(e.averageLoss()) ? "no average"
                : e.averageLoss() > 0 ? String.format(Locale.ROOT, "on average %.2f discs below it", e.averageLoss())
                : String.format(Locale.ROOT, "on average %.2f discs above it (the opponents erred more)", -e.averageLoss()));
        for (Swing s : e.worst()) {
            out.printf(Locale.ROOT, "  %s %d #%d as %s against %s: %+d under perfect play from %d empties, %+d played (%d lost)%n",
                    s.base(), s.year(), s.record(), s.colour(), (s.opponent()), s.theoretical(), s.empties(),
                    s.result(), s.loss());
        }
        out.println();
        out.println("ratings are computed by thordb (Glicko-2, a year a period), not a federation's; ~ marks an estimate,"
                + " * fewer than 10 games; each figure's games: thordb query '" + (r.all().query()) + "'");
    }

    private static void row(java.io.PrintWriter out, String name, Tally t) {
        row(out, name, t, "");
    }

    private static void row(java.io.PrintWriter out, String name, Tally t, String tail) {
        out.printf(Locale.ROOT, "%-22s %6d %5d %5d %6d %6.1f%%%s %13s %+6.1f%s%n", Columns.fit(name, 22), t.games(), t.wins(),
                t.draws(), t.losses(), t.games() == 0 ? 0 : 100 * t.score(), t.few() ? "*" : " ",
                t.games() == 0 ? "" : String.format(Locale.ROOT, "(%.0f–%.0f)", 100 * t.low(), 100 * t.high()),
                t.games() == 0 ? 0 : t.averageDiscs(), tail);
    }

    private static void lines(java.io.PrintWriter out, String title, List<Line> ls) {
        out.println();
        out.println(title + " (f5 first; expected: every game of the base with the line's last move; best: at the player's last move)");
        for (Line l : ls) {
            String value = l.best() == null ? "" : String.format(Locale.ROOT, "  best %s %s%+d, played %s%+d (%d lost)",
                    l.bestMove(), l.exact() ? "" : "~", l.best(), l.exact() ? "" : "~", l.played(), l.cost());
            row(out, "  " + l.line(), l.record(), String.format(Locale.ROOT, "  expected %s of %d", Double.isNaN(l.expected())
                    ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * l.expected()), l.baseGames()) + value);
        }
    }

    private static final char[] BARS = "▁▂▃▄▅▆▇█".toCharArray();

    /** A sparkline of values between lo and hi (NaN: their own least and greatest); a NaN value is a space. */
    public static String spark(double[] values, double lo, double hi) {
        double min = lo;
        double max = hi;
        if (Double.isNaN(min) || Double.isNaN(max)) {
            min = Double.POSITIVE_INFINITY;
            max = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                if (!Double.isNaN(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (double v : values) {
            if (Double.isNaN(v)) {
                sb.append(' ');
            } else {
                double f = max > min ? (v - min) / (max - min) : 0.5;
                sb.append(BARS[(int) Math.round(Math.max(0, Math.min(1, f)) * (BARS.length - 1))]);
            }
        }
        return sb.toString();
    }

}
