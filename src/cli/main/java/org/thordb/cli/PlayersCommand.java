package org.thordb.cli;

import org.thordb.engine.Engine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb players [--where QUERY] [--sort games|score|name] [--limit N] [--format table|jsonl]}:
 * every player of the games a query matches, with games, wins, draws, losses, average score,
 * first and last year, and the registry's country, birth date and aliases; {@code thordb players
 * import [--base NAME] FILE.csv} imports a base's registry.
 *
 * <p>Usage: {@code thordb players --where 'year >= 2010' --sort score --limit 20}
 */
@Command(name = "players", footerHeading = "%nExamples:%n",
        footer = {"  thordb players --limit 20", "  thordb players --where 'country = JPN' --sort score",
            "  thordb players import --base WTHOR players.csv"},
        description = "List the players of a query's games: games, wins, draws, losses, average score, years, and"
            + " the registry's country, birth date and aliases. 'players import' imports a base's registry.",
        subcommands = PlayersCommand.Import.class)
public final class PlayersCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--where", paramLabel = "QUERY", description = "The games counted (default: every game).")
    String where;

    @Option(names = "--sort", paramLabel = "KEY", defaultValue = "games", description = "games (most first, the default), score (best score share first) or name.")
    String sort;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "Show at most N players (default: 0, every one).")
    int limit;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", description = "table (default) or jsonl.")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or jsonl");
        }
        if (limit < 0) {
            throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every player) or more, not " + limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Engine db = Stores.openForReading(store.dir())) {
            List<Engine.Player> players = db.players(where, sort);
            int shown = limit == 0 ? players.size() : Math.min(limit, players.size());
            if (format.equals("table")) {
                out.printf("%-20s %6s %5s %5s %5s %6s %5s  %-9s %-4s %-10s %s%n", "player", "games", "wins", "draws",
                        "losses", "score%", "discs", "years", "from", "born", "aliases");
            }
            for (Engine.Player p : players.subList(0, shown)) {
                org.thordb.stats.GroupStats g = p.stats();
                if (format.equals("jsonl")) {
                    com.fasterxml.jackson.databind.node.ObjectNode o = org.thordb.export.Json.object();
                    o.put("player", p.name()).put("games", g.games()).put("wins", g.wins()).put("draws", g.draws())
                            .put("losses", g.losses()).put("scorePct", g.scorePct()).put("averageDiscs", p.averageDiscs())
                            .put("firstYear", g.firstYear()).put("lastYear", g.lastYear());
                    if (p.record() != null) {
                        o.put("country", p.record().country()).put("born", p.record().bornText());
                    }
                    p.aliases().forEach(o.putArray("aliases")::add);
                    out.println(o);
                } else {
                    out.printf("%-20s %6d %5d %5d %5d %6.1f %5.1f  %-9s %-4s %-10s %s%n", SafeText.of(p.name()), g.games(),
                            g.wins(), g.draws(), g.losses(), g.scorePct(), p.averageDiscs(),
                            g.firstYear() + (g.lastYear() == g.firstYear() ? "" : "–" + g.lastYear()),
                            p.record() == null || p.record().country() == null ? "" : p.record().country(),
                            p.record() == null ? "" : p.record().bornText(), SafeText.of(String.join(", ", p.aliases())));
                }
            }
            if (format.equals("table")) {
                out.println(players.size() + (players.size() == 1 ? " player" : " players")
                        + (shown < players.size() ? ", the first " + shown + " shown" : ""));
            }
            if (where != null) {
                for (String note : db.notes(where)) {
                    spec.commandLine().getErr().println("note: " + SafeText.of(note));
                }
            }
        }
        return 0;
    }

    /** {@code thordb players import [--base NAME] FILE.csv}: a base's player registry. */
    @Command(name = "import", footerHeading = "%nExamples:%n",
            footer = {"  thordb players import --base WTHOR players.csv", "",
                "players.csv: name,aliases,country,born", "  Tastet Marc,,FRA,1962", "  Zhelezov Aleksei,Zhelezov Alex,RUS,"},
            description = "Import a base's player registry from a CSV file with a header: name (as the base spells it),"
                + " aliases (other spellings, separated by ;), country (an IOC code such as JPN), born (1975-04-13, 1975-04 or 1975)."
                + " The base's registry is replaced in one atomic write; a line naming no player of the base is named and left out.")
    static final class Import implements Callable<Integer> {
        @Mixin
        StoreOption store;

        @Option(names = "--base", paramLabel = "NAME", description = "The base (default: the store's only base).")
        String base;

        @Parameters(arity = "1", paramLabel = "FILE", description = "The CSV file.")
        Path file;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            try (Engine db = Engine.open(store.dir())) {
                org.thordb.ingest.RegistryImport.Result r = db.importPlayers(file, base, m -> err.println(SafeText.of(m)));
                spec.commandLine().getOut().println(r.players() + " players recorded in the registry of base " + r.base()
                        + ", " + r.aliases() + " aliases added" + (r.leftOut() == 0 ? "" : ", " + r.leftOut() + " lines left out"));
                return r.leftOut() == 0 ? 0 : 1;
            }
        }
    }
}
