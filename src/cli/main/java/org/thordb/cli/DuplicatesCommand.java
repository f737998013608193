package org.thordb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.Game;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb duplicates [--where QUERY] [--format table|jsonl]}: the groups of games that are
 * one game (one whole move list, up to the symmetries of the board), earliest first, then a
 * summary line. {@code duplicate = true} in a query finds the later games of every group.
 *
 * <p>Usage: {@code thordb duplicates --where 'base = "WTH_1990"'}
 */
@Command(name = "duplicates", footerHeading = "%nExamples:%n",
        footer = {"  thordb duplicates", "  thordb duplicates --where 'base = \"WTH_1990\"' --format jsonl",
            "  thordb count 'duplicate = true'"},
        description = {"List the groups of duplicate games: games whose whole move lists are one, up to symmetry.",
            "Each group is listed earliest first (base imported first, then year, then record); the others are what 'duplicate = true' finds."})
public final class DuplicatesCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--where", paramLabel = "QUERY", description = "Only the groups holding a game this query matches.")
    String where;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", description = "table (default) or jsonl (one object a group).")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or jsonl");
        }
        PrintWriter out = spec.commandLine().getOut();
        Query query = where == null || where.isBlank() ? Query.ALL : Query.parse(where);
        ObjectMapper mapper = new ObjectMapper();
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            List<List<Game>> groups = db.duplicates(query);
            long later = 0;
            int n = 0;
            for (List<Game> g : groups) {
                n++;
                later += g.size() - 1;
                if (format.equals("jsonl")) {
                    ObjectNode o = mapper.createObjectNode();
                    o.put("group", n);
                    ArrayNode a = o.putArray("games");
                    for (Game game : g) {
                        a.add(tree(mapper, game.json()));
                    }
                    out.println(o);
                } else {
                    out.println("group " + n + ": " + g.size() + " games, the first kept, the others duplicates");
                    GameRows.Writer w = GameRows.table(out);
                    g.forEach(w::row);
                    out.println();
                }
            }
            if (format.equals("table")) {
                out.println(groups.size() + (groups.size() == 1 ? " group" : " groups") + " of duplicates, " + later
                        + (later == 1 ? " game" : " games") + " with an earlier twin (duplicate = true)");
            }
            if (where != null) {
                for (String note : db.notes(query)) {
                    spec.commandLine().getErr().println("note: " + SafeText.of(note));
                }
            }
        }
        return 0;
    }

    /** A game's JSON as a node of the group's object. */
    private static ObjectNode tree(ObjectMapper mapper, String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
