package org.thordb.export;

import org.thordb.engine.StoredGame;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import java.util.ArrayList;
import java.util.Map;
import org.thordb.explore.Explorer;
import org.thordb.explore.MoveValues;
import org.thordb.othello.OpeningNames;
import org.thordb.othello.Side;
import org.thordb.stats.GroupStats;
import org.thordb.wthor.WthorGame;

/**
 * The JSON object of a game, the same in {@code query --format jsonl}, the REPL and exports: the
 * columns of {@link GameSchema}, in its order (damage only when damaged).
 *
 * <p>Usage: {@code String line = Json.of(game);}
 */
public final class Json {
    private Json() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A new, empty object from the one shared mapper (a mapper is costly to make). */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * The object of a stored game, in thordb's one game schema (docs/data.md): {@code base},
     * {@code year}, {@code record}, the names, {@code score}, {@code result}, {@code theoretical} and
     * {@code theoretical_depth} (null when unknown), {@code moves} (the squares), {@code line} (with
     * each {@code pass}), {@code sides} (who played each token, B or W), {@code move_count}, the
     * WTHOR numbers of the names, {@code id}, and {@code damage} when damaged.
     */
    public static ObjectNode node(StoredGame g) {
        return game(GameSchema.Game.of(g));
    }

    /** The object of a game in the one schema, from its record: {@code id} null for a game of no store (a dump). */
    public static ObjectNode game(WthorGame r, String base, int year, long record, String black,
                                  String white, String tournament, Long id, boolean theoreticalKnown, int depth,
                                  String damage) {
        return game(new GameSchema.Game(r, base, year, record, black, white, tournament, id, theoreticalKnown, depth,
                damage));
    }

    /** The object of a game's row, every column of {@link GameSchema} in order. */
    public static ObjectNode game(GameSchema.Game g) {
        ObjectNode o = MAPPER.createObjectNode();
        for (GameSchema.Column c : GameSchema.COLUMNS) {
            // numbers as ints where they fit: a JSON reader gives them back as ints, and the nodes compare equal
            Object v = c.value(g);
            if (v == null) {
                if (!c.omittedWhenNull()) {
                    o.putNull(c.name());
                }
            } else if (v instanceof Integer n) {
                o.put(c.name(), n);
            } else if (v instanceof Long n) {
                o.put(c.name(), n);
            } else {
                o.put(c.name(), v.toString());
            }
        }
        return o;
    }

    /**
     * What the game schema derives from a record: the result ({@code black}, {@code white},
     * {@code draw}, or null for a score byte the board cannot hold), the line with its passes, and
     * who played each of its tokens.
     */
    record Derived(String result, String line, String sides) {
    }

    /** The derived fields of a record, made once for JSON and CSV alike. */
    static Derived derived(WthorGame r) {
        int total = r.side() * r.side();
        int b = r.blackScore();
        String result = b > total ? null : b * 2 > total ? "black" : b * 2 < total ? "white" : "draw";
        List<String> tokens = Exporter.movesWithPasses(r);
        StringBuilder line = new StringBuilder();
        StringBuilder sides = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            line.append(r.side() == 10 && i > 0 ? " " : "").append(tokens.get(i));
            sides.append(i % 2 == 0 ? 'B' : 'W'); // a pass keeps its slot: tokens alternate
        }
        return new Derived(result, line.toString(), sides.toString());
    }

    /** The JSON line of a game. */
    public static String of(StoredGame g) {
        return node(g).toString();
    }

    /**
     * The JSON of an exploration: the position, the filter, the games that reach it, each next move
     * with its figures (and the opening its line reaches, when named), the games that end there;
     * each move's first game ({@code first}: base, year, record, black, white), and its side to
     * move's share of the points with the Wilson 95% interval ({@code moverShare}, {@code moverLow},
     * {@code moverHigh}, 0 to 1; {@code few} under {@link org.thordb.stats.Wilson#FEW} games);
     * with each move's value: exact scores ({@code perfect}, the moves that keep
     * the best in {@code perfectPlay}) or estimates ({@code estimate}, searched {@code
     * estimateDepth} moves deep), never both; each played move's {@code gap} (its games' average
     * disc difference for the mover less its value), and the legal moves no game played with
     * their values ({@code unplayed}).
     */
    public static ObjectNode exploration(Exploration e, MoveValues values,
                                         Map<Integer, StoredGame> first) {
        ObjectNode o = explorationFigures(e);
        boolean white = e.position().toMove() == Side.WHITE;
        o.put("mover", white ? "white" : "black");
        int i = 0;
        for (JsonNodeRef m : JsonNodeRef.of(o)) {
            Exploration.Row r = e.rows().get(i++);
            double points = r.points(e.position().toMove());
            double[] ci = org.thordb.stats.Wilson.interval(points, r.games());
            m.node().put("moverShare", r.games() == 0 ? 0 : round(points / r.games(), 4)).put("moverLow", round(ci[0], 4))
                    .put("moverHigh", round(ci[1], 4)).put("few", r.games() < org.thordb.stats.Wilson.FEW);
            StoredGame g = first.get(r.move());
            if (g != null) {
                m.node().putObject("first").put("base", g.base()).put("year", g.year()).put("record", g.record())
                        .put("black", g.black()).put("white", g.white());
            }
            Integer v = values.value(r.move());
            if (v != null) {
                putValue(m.node(), r.move(), v, values);
                double gap = values.gap(e, r);
                if (!Double.isNaN(gap)) {
                    m.node().put("gap", round(gap, 1));
                }
            }
        }
        if (values.any()) {
            int best = values.best();
            if (values.exact()) {
                ArrayNode perfect = o.putArray("perfectPlay");
                values.values().forEach((sq, v) -> {
                    if (v == best) {
                        perfect.add(Notation.name(sq));
                    }
                });
                o.put("perfectScore", best);
            } else {
                o.put("estimateDepth", values.depth()).put("bestEstimate", best);
            }
            ArrayNode unplayed = o.putArray("unplayed"); // with their values
            for (int sq : Explorer.unplayed(e, values.values())) {
                putValue(unplayed.addObject().put("move", Notation.name(sq)), sq, values.value(sq), values);
            }
        }
        ObjectNode same = o.putObject("sameAs");
        Explorer.sameAs(e).forEach((sq, row) -> same.put(Notation.name(sq), Notation.name(row)));
        return o;
    }

    /**
     * A move's value: {@code perfect} when exact, else {@code estimate} with its depth; and its
     * principal variation, {@code line} (the move first: perfect play to the end, or the line the
     * estimate's search saw).
     */
    private static void putValue(ObjectNode n, int move, int v, MoveValues values) {
        if (values.exact()) {
            n.put("perfect", v);
        } else {
            n.put("estimate", v).put("estimateDepth", values.depth());
        }
        List<Integer> line = values.line(move);
        if (!line.isEmpty()) {
            n.put("line", Notation.line(line.stream().mapToInt(Integer::intValue).toArray()));
        }
    }

    /** A move object of the JSON with its move's name. */
    private record JsonNodeRef(String move, ObjectNode node) {
        static List<JsonNodeRef> of(ObjectNode o) {
            List<JsonNodeRef> out = new ArrayList<>();
            o.get("moves").forEach(n -> out.add(new JsonNodeRef(n.get("move").asText(), (ObjectNode) n)));
            return out;
        }
    }

    private static ObjectNode explorationFigures(Exploration e) {
        ObjectNode o = org.thordb.export.Json.object();
        o.put("position", e.position().toBoardString()).put("filter", e.filter()).put("total", e.total());
        String name = OpeningNames.standard().nameOf(e.position());
        if (name != null) {
            o.put("opening", name);
        }
        ArrayNode moves = o.putArray("moves");
        for (Exploration.Row r : e.rows()) {
            ObjectNode m = moves.addObject().put("move", Notation.name(r.move()));
            fill(m, r);
            String after = OpeningNames.standard().nameAfter(e.position(), r.move());
            if (!after.isEmpty()) {
                m.put("opening", after);
            }
        }
        fill(o.putObject("endsHere"), e.endsHere());
        return o;
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    private static void fill(ObjectNode n, Exploration.Row r) {
        n.put("games", r.games()).put("blackWins", r.blackWins()).put("draws", r.draws()).put("whiteWins", r.whiteWins())
                .put("averageScore", r.averageScore())
                .put("firstYear", r.firstYear()).put("lastYear", r.lastYear())
                .put("theoreticalGames", r.theoreticalGames());
        if (Double.isNaN(r.averageTheoretical())) { // no known score: no average, not 0
            n.putNull("averageTheoretical");
        } else {
            n.put("averageTheoretical", r.averageTheoretical());
        }
    }

    /**
     * The object of one group of {@code stats}: {@code group}, {@code games}, {@code wins},
     * {@code draws}, {@code losses}, {@code score_pct}, {@code avg_diff}, {@code avg_theoretical} (null
     * when no game's theoretical score is known), {@code theoretical_games} (the games it rests on),
     * {@code first_year}, {@code last_year} (averages to two decimals).
     */
    public static ObjectNode group(GroupStats r) {
        ObjectNode o = object();
        o.put("group", r.group()).put("games", r.games()).put("wins", r.wins()).put("draws", r.draws())
                .put("losses", r.losses()).put("score_pct", round(r.scorePct())).put("avg_diff", round(r.avgDiff()));
        if (Double.isNaN(r.avgTheoretical())) { // no known score: no average, not 0
            o.putNull("avg_theoretical");
        } else {
            o.put("avg_theoretical", round(r.avgTheoretical()));
        }
        o.put("theoretical_games", r.theoreticalGames()).put("first_year", r.firstYear()).put("last_year", r.lastYear());
        return o;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
