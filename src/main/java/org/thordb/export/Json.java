package org.thordb.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.thordb.Game;

/**
 * The JSON object of a game, the same in {@code query --format jsonl}, the REPL and exports:
 * base, year, record, black, white, tournament, score, theoretical, moves, id, and damage when
 * damaged.
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

    /** The object. */
    public static ObjectNode node(Game g) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("base", g.base()).put("year", g.year()).put("record", g.record()).put("black", g.black())
                .put("white", g.white()).put("tournament", g.tournament()).put("score", g.score())
                .put("theoretical", g.theoretical()).put("moves", g.moves()).put("id", g.id());
        if (g.damage() != null) {
            o.put("damage", g.damage());
        }
        return o;
    }

    /** The object as one line of text. */
    public static String of(Game g) {
        return node(g).toString();
    }
}
