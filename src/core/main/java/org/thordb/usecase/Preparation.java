package org.thordb.usecase;

import org.thordb.query.Filter;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.explore.MoveValues;
import org.thordb.export.Json;
import org.thordb.fault.Faults;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.query.exec.QueryEngine;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;
import org.thordb.error.ThorDbException;

/**
 * Preparation for a game against a player, the one owner of that question for every surface
 * ({@code thordb prepare}, {@code /api/players/{name}/prepare}, the page): the opponent's
 * repertoire with the other colour as a tree from the start position (the orientation whose
 * first move is f5), pruned to the lines they played at least {@link Settings#minGames} times;
 * each node with their games, their score, and where they are to move, the move they chose most
 * and the best move's value (the explorer's values: exact at 20 empties or fewer, else
 * estimates); then the lines where they score worst and where their choice gives away most.
 *
 * <p>Usage: {@code Preparation.Tree t = Preparation.of(db, "Tastet Marc", Side.BLACK, Preparation.Settings.DEFAULT);}
 */
public final class Preparation {
    private Preparation() {
    }

    /**
     * How the tree is made.
     *
     * @param minGames a line is kept when the opponent played it at least this many times
     * @param maxPlies no deeper than this many moves from the start
     * @param valued how many of the opponent's choices (the most played first) get the best
     *     move's value and their move's: each an explorer's estimate, 0.2–0.6 s
     */
    public record Settings(int minGames, int maxPlies, int valued) {
        /** The same on every surface: lines of 5 games or more, 10 moves deep, 8 choices valued (within a server's 10 s, cold). */
        public static final Settings DEFAULT = new Settings(5, 10, 8);

        public Settings {
            if (minGames < 1 || maxPlies < 1 || maxPlies > 30 || valued < 0 || valued > 200) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a preparation keeps lines of 1 game or more, 1 to 30 moves deep,"
                        + " and values 0 to 200 of the opponent's choices");
            }
        }
    }

    /**
     * One position of the tree.
     *
     * @param line the moves from the start (f5 first; empty at the root)
     * @param games the opponent's games through it
     * @param score the opponent's share of points in them (a win 1, a draw ½)
     * @param discs the opponent's average final disc difference in them
     * @param opponentToMove whether the opponent chooses the next move here
     * @param chosen the opponent's most played move here (null when the user is to move or no game goes on)
     * @param bestMove the best move here when valued (else null)
     * @param best its value for the side to move (discs)
     * @param chosenValue the value of the opponent's most played move
     * @param exact whether the values are exact scores (else estimates)
     * @param depth an estimate's depth
     * @param query the games behind the figures
     */
    public record Node(String line, long games, double score, double discs, boolean opponentToMove, String chosen,
                       String bestMove, Integer best, Integer chosenValue, boolean exact, int depth, String query,
                       List<Node> children) {
        /** The last move of the line ("start" at the root). */
        public String move() {
            return line.isEmpty() ? "start" : line.substring(line.length() - 2);
        }

        /** The discs the opponent's most played move gives away against the best, when valued. */
        public Integer cost() {
            return best == null || chosenValue == null ? null : best - chosenValue;
        }
    }

    /**
     * A preparation.
     *
     * @param opponent the opponent's preferred name
     * @param colour the user's colour ({@code black} or {@code white}); the opponent has the other
     * @param root the tree
     * @param worstScores the kept positions where the opponent scores worst, worst first
     * @param biggestErrors the valued choices that give away most, most first
     */
    public record Tree(String opponent, String colour, Settings settings, Node root, List<Node> worstScores,
                       List<Node> biggestErrors) {
    }

    /** What one read of the store gives: the opponent's preferred name and the counted tree. */
    private record Read(String opponent, Count root) {
    }

    /** A kept position where the opponent chooses: its line and counts. */
    private record Choice(String line, Count count) {
    }

    /** The counts of one node as the games are read. */
    private static final class Count {
        long games;
        double points;
        long discs;
        final Map<Integer, Count> next = new TreeMap<>();
    }

    /**
     * The preparation against a player (any spelling the identity joins) for a user of a colour.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a name no base holds
     */
    public static Tree of(Engine db, String name, Side mine, Settings s) {
        if (mine != Side.BLACK && mine != Side.WHITE) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a preparation is as black or as white");
        }
        String asked = name == null ? "" : name.strip();
        if (asked.isEmpty()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a preparation needs the opponent's name");
        }
        boolean oppBlack = mine == Side.WHITE;
        Read read = db.read(r -> {
            NamedPlayer named = NamedPlayer.of(r.catalog(), asked);
            if (named == null) {
                return null;
            }
            Set<Long> them = named.numbers();
            String preferred = named.preferred();
            Count root = new Count();
            RoaringBitmap ids = QueryEngine.matching(Filter.ALL.playedBy(asked, oppBlack ? "black" : "white"), r);
            for (int id : ids) {
                GameRow row = r.game(id);
                if (row == null) {
                    continue;
                }
                WthorGame w = new WthorGame(row.raw(), row.side());
                if (!them.contains(((long) row.base() << 32) | (oppBlack ? w.black() : w.white()))
                        || them.contains(((long) row.base() << 32) | (oppBlack ? w.white() : w.black()))) {
                    continue;
                }
                int black = 2 * w.blackScore() - 64;
                int diff = oppBlack ? black : -black;
                double points = diff > 0 ? 1 : diff == 0 ? 0.5 : 0;
                int[] line = PlayerReport.f5Line(w.squares(), s.maxPlies());
                Count c = root;
                add(c, points, diff);
                for (int sq : line) {
                    c = c.next.computeIfAbsent(sq, k -> new Count());
                    add(c, points, diff);
                }
            }
            return new Read(preferred, root);
        });
        if (read == null) {
            List<String> notes = Games.notes(db, Filter.ALL.playedBy(asked, "both"));
            throw Faults.of(ErrorCode.BAD_ARGUMENT, notes.isEmpty() ? "no player is named \"" + asked + "\"" : notes.get(0));
        }
        String opponent = read.opponent();
        Count rootCount = read.root();
        String who = (oppBlack ? "black = " : "white = ") + quote(opponent);
        // the opponent's choices to value: the most played first (then in line order)
        List<Choice> choices = new ArrayList<>();
        collect(rootCount, new ArrayList<>(), Position.start(), oppBlack ? Side.BLACK : Side.WHITE, s, choices);
        choices.sort(Comparator.comparingLong((Choice o) -> -o.count().games).thenComparing(Choice::line));
        Set<String> valued = new HashSet<>();
        for (int i = 0; i < Math.min(s.valued(), choices.size()); i++) {
            valued.add(choices.get(i).line());
        }
        Node root = node(db, rootCount, new ArrayList<>(), Position.start(), oppBlack ? Side.BLACK : Side.WHITE, s, who, valued);
        List<Node> all = new ArrayList<>();
        flatten(root, all);
        // a line that only goes on as one move, in the same games, is the same games: its first position stands for it
        List<Node> firsts = new ArrayList<>();
        firstOfEachRun(root, -1, firsts);
        List<Node> worst = firsts.stream().filter(n -> !n.line().isEmpty())
                .sorted(Comparator.comparingDouble(Node::score).thenComparing(n -> -n.games()).thenComparing(Node::line))
                .limit(10).toList();
        List<Node> errors = all.stream().filter(n -> n.cost() != null && n.cost() > 0)
                .sorted(Comparator.comparingInt((Node n) -> -n.cost()).thenComparing(n -> -n.games()).thenComparing(Node::line))
                .limit(10).toList();
        return new Tree(opponent, mine == Side.BLACK ? "black" : "white", s, root, worst, errors);
    }

    private static void add(Count c, double points, int diff) {
        c.games++;
        c.points += points;
        c.discs += diff;
    }

    private static String quote(String name) {
        return NamedPlayer.quote(name);
    }

    /** The kept nodes where the opponent is to move and plays on: their lines and counts. */
    private static void collect(Count c, List<Integer> line, Position p, Side opp, Settings s, List<Choice> out) {
        if (p.toMove() == opp && !c.next.isEmpty() && c.games >= s.minGames()) {
            out.add(new Choice(Notation.line(line.stream().mapToInt(Integer::intValue).toArray()), c));
        }
        for (Map.Entry<Integer, Count> e : c.next.entrySet()) {
            if (e.getValue().games >= s.minGames()) {
                line.add(e.getKey());
                collect(e.getValue(), line, p.play(e.getKey()), opp, s, out);
                line.remove(line.size() - 1);
            }
        }
    }

    private static Node node(Engine db, Count c, List<Integer> line, Position p, Side opp, Settings s, String who, Set<String> valued) {
        String text = Notation.line(line.stream().mapToInt(Integer::intValue).toArray());
        boolean oppToMove = p.toMove() == opp;
        String chosen = null;
        int chosenSq = -1;
        long most = 0;
        for (Map.Entry<Integer, Count> e : c.next.entrySet()) {
            if (e.getValue().games > most) {
                most = e.getValue().games;
                chosenSq = e.getKey();
            }
        }
        if (oppToMove && chosenSq >= 0) {
            chosen = Notation.name(chosenSq);
        }
        String bestMove = null;
        Integer best = null;
        Integer chosenValue = null;
        boolean exact = false;
        int depth = 0;
        if (oppToMove && chosen != null && valued.contains(text)) {
            MoveValues v = Explore.values(db, p, Explore.Settings.DEFAULT);
            Integer top = v.best();
            int b = v.bestMove();
            if (b >= 0) {
                bestMove = Notation.name(b);
                best = top;
                chosenValue = v.value(chosenSq);
                exact = v.exact();
                depth = v.depth();
            }
        }
        List<Node> children = new ArrayList<>();
        for (Map.Entry<Integer, Count> e : c.next.entrySet()) {
            if (e.getValue().games >= s.minGames()) {
                line.add(e.getKey());
                children.add(node(db, e.getValue(), line, p.play(e.getKey()), opp, s, who, valued));
                line.remove(line.size() - 1);
            }
        }
        children.sort(Comparator.comparingLong((Node n) -> -n.games()).thenComparing(Node::line));
        String query = text.isEmpty() ? who : who + " and opening = " + text;
        return new Node(text, c.games, c.games == 0 ? Double.NaN : c.points / c.games, c.games == 0 ? Double.NaN
                : (double) c.discs / c.games, oppToMove, chosen, bestMove, best, chosenValue, exact, depth, query, children);
    }

    private static void firstOfEachRun(Node n, long parentGames, List<Node> out) {
        if (n.games() != parentGames) {
            out.add(n);
        }
        n.children().forEach(c -> firstOfEachRun(c, n.games(), out));
    }

    private static void flatten(Node n, List<Node> out) {
        out.add(n);
        n.children().forEach(c -> flatten(c, out));
    }

    /** The preparation as JSON, the same on every surface. */
    public static ObjectNode json(Tree t) {
        ObjectNode o = Json.object();
        o.put("opponent", t.opponent()).put("colour", t.colour()).put("opponentColour", t.colour().equals("black") ? "white" : "black")
                .put("minGames", t.settings().minGames()).put("maxPlies", t.settings().maxPlies());
        o.set("tree", node(t.root()));
        ArrayNode worst = o.putArray("worstScores");
        t.worstScores().forEach(n -> worst.add(flat(n)));
        ArrayNode errors = o.putArray("biggestErrors");
        t.biggestErrors().forEach(n -> errors.add(flat(n)));
        return o;
    }

    private static ObjectNode flat(Node n) {
        ObjectNode o = Json.object();
        o.put("line", n.line()).put("games", n.games()).put("score", round(n.score())).put("discs", round(n.discs()))
                .put("query", n.query());
        if (n.chosen() != null) {
            o.put("chosen", n.chosen());
        }
        if (n.best() != null) {
            o.put("bestMove", n.bestMove()).put("best", n.best()).put("chosenValue", n.chosenValue()).put("cost", n.cost())
                    .put("exact", n.exact()).put("depth", n.depth());
        }
        return o;
    }

    private static ObjectNode node(Node n) {
        ObjectNode o = flat(n);
        o.put("move", n.move()).put("opponentToMove", n.opponentToMove());
        ArrayNode kids = o.putArray("children");
        n.children().forEach(c -> kids.add(node(c)));
        return o;
    }

    private static double round(double v) {
        return Double.isNaN(v) ? 0 : Math.round(v * 10000) / 10000.0;
    }

    /** The preparation as Markdown: the weak spots, then the tree as nested lists. */
    public static String markdown(Tree t) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Preparation against ").append(t.opponent()).append(" (you play ").append(t.colour()).append(")\n\n");
        sb.append("Lines they played at least ").append(t.settings().minGames()).append(" times, ")
                .append(t.settings().maxPlies()).append(" moves deep, f5 first. Score: theirs (a win 1, a draw ½); ")
                .append("values: for the side to move, `~` an estimate.\n\n");
        sb.append("## Where they score worst\n\n");
        for (Node n : t.worstScores()) {
            sb.append("- `").append(n.line()).append("`: ").append(n.games()).append(" games, ").append(pct(n.score()))
                    .append(" for them\n");
        }
        sb.append("\n## Where their choice gives away most\n\n");
        for (Node n : t.biggestErrors()) {
            sb.append("- `").append(n.line()).append("`: they play ").append(n.chosen()).append(" (").append(value(n, n.chosenValue()))
                    .append("), best ").append(n.bestMove()).append(" (").append(value(n, n.best())).append("): ")
                    .append(n.cost()).append(" discs\n");
        }
        sb.append("\n## Their repertoire\n\n");
        markdownNode(t.root(), 0, sb);
        sb.append("\nThe games of a line: `thordb query '").append(t.root().query()).append(" and opening = LINE'`.\n");
        return sb.toString();
    }

    private static void markdownNode(Node n, int level, StringBuilder sb) {
        sb.append("  ".repeat(level)).append("- **").append(n.move()).append("** ").append(n.games()).append(" games, ")
                .append(pct(n.score())).append(" for them");
        if (n.chosen() != null) {
            sb.append("; they play ").append(n.chosen());
            if (n.best() != null) {
                sb.append(" (").append(value(n, n.chosenValue())).append("; best ").append(n.bestMove()).append(" ")
                        .append(value(n, n.best())).append(")");
            }
        }
        sb.append('\n');
        n.children().forEach(c -> markdownNode(c, level + 1, sb));
    }

    static String pct(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static String value(Node n, Integer v) {
        return v == null ? "–" : (n.exact() ? "" : "~") + (v > 0 ? "+" : "") + v;
    }

    /**
     * The preparation as one HTML file that needs nothing else (no script, no font, no link): the
     * opponent's results and rating by year as SVG, the weak spots, the tree as nested lists. A
     * player carries it to a tournament.
     */
    public static String html(Tree t, PlayerReport.Report report) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Preparation against ")
                .append(esc(t.opponent())).append("</title>\n<style>body{font:15px/1.4 system-ui,sans-serif;max-width:60em;"
                        + "margin:1em auto;padding:0 1em;color:#111}code{background:#f3f3f3;padding:0 .2em}ul{margin:.1em 0}"
                        + "li{margin:.1em 0}.m{font-weight:600}.bad{color:#8a1010}.muted{color:#555}</style></head><body>\n");
        sb.append("<h1>Preparation against ").append(esc(t.opponent())).append("</h1>\n<p>You play ").append(t.colour())
                .append(". Lines they played at least ").append(t.settings().minGames()).append(" times, ")
                .append(t.settings().maxPlies()).append(" moves deep, f5 first; scores are theirs (a win 1, a draw ½);"
                        + " values are for the side to move, <code>~</code> an estimate.</p>\n");
        if (report != null) {
            sb.append("<h2>Results and rating by year</h2>\n").append(Plots.yearsSvg(report)).append('\n');
        }
        sb.append("<h2>Where they score worst</h2>\n<ul>\n");
        for (Node n : t.worstScores()) {
            sb.append("<li><code>").append(n.line()).append("</code>: ").append(n.games()).append(" games, ")
                    .append(pct(n.score())).append(" for them</li>\n");
        }
        sb.append("</ul>\n<h2>Where their choice gives away most</h2>\n<ul>\n");
        for (Node n : t.biggestErrors()) {
            sb.append("<li><code>").append(n.line()).append("</code>: they play ").append(n.chosen()).append(" (")
                    .append(value(n, n.chosenValue())).append("), best ").append(n.bestMove()).append(" (")
                    .append(value(n, n.best())).append("): <span class=\"bad\">").append(n.cost()).append(" discs</span></li>\n");
        }
        sb.append("</ul>\n<h2>Their repertoire</h2>\n<ul>\n");
        htmlNode(t.root(), sb);
        sb.append("</ul>\n<p class=\"muted\">Made by thordb. The games of a line: <code>thordb query '")
                .append(esc(t.root().query())).append(" and opening = LINE'</code>.</p>\n</body></html>\n");
        return sb.toString();
    }

    private static void htmlNode(Node n, StringBuilder sb) {
        sb.append("<li><span class=\"m\">").append(n.move()).append("</span> ").append(n.games()).append(" games, ")
                .append(pct(n.score())).append(" for them");
        if (n.chosen() != null) {
            sb.append("; they play ").append(n.chosen());
            if (n.best() != null) {
                sb.append(" (").append(value(n, n.chosenValue())).append("; best ").append(n.bestMove()).append(' ')
                        .append(value(n, n.best())).append(')');
            }
        }
        if (!n.children().isEmpty()) {
            sb.append("\n<ul>\n");
            n.children().forEach(c -> htmlNode(c, sb));
            sb.append("</ul>");
        }
        sb.append("</li>\n");
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
