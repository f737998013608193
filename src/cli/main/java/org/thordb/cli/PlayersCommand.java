package org.thordb.cli;

import org.thordb.engine.Engine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.thordb.engine.StoredGame;
import org.thordb.export.CsvCells;
import org.thordb.export.Json;
import org.thordb.ingest.RegistryImport;
import org.thordb.stats.Glicko2;
import org.thordb.stats.GroupStats;
import org.thordb.usecase.PlayerReport;

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
            "  thordb players --conflicts", "  thordb players alias \"Atamanov Dmitriy\" \"Atamanov Dmitry\"",
            "  thordb players split \"Dvivon Tatiana\" \"Khandzhyan Tatyana\"", "  thordb players aliases --export aliases.csv",
            "  thordb players import --base WTHOR players.csv"},
        description = "List the players of a query's games: games, wins, draws, losses, average score, years, and"
            + " the registry's country, birth date and aliases. 'players import' imports a base's registry.",
        subcommands = {PlayersCommand.Import.class, PlayersCommand.Alias.class, PlayersCommand.Split.class,
            PlayersCommand.Aliases.class})
public final class PlayersCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--where", paramLabel = "QUERY", description = "The games counted (default: every game).")
    String where;

    @Option(names = "--sort", paramLabel = "KEY", defaultValue = "games", description = "games (most first, the default), score (best score share first), name,"
            + " or rating (the rating thordb computes, Glicko-2 a year a period, highest first; see --at).")
    String sort;

    /** Above this deviation a rating is provisional: listed after the established ones, marked ?. */
    static final double PROVISIONAL = 100;

    @Option(names = "--at", paramLabel = "YEAR", description = "With --sort rating: the ratings at the end of YEAR (default:"
            + " the last year of the store).")
    Integer at;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "Show at most N players (default: 0, every one).")
    int limit;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", description = "table (default) or jsonl.")
    String format;

    @Option(names = "--conflicts", description = "List the names that disagree on copies of one game in two bases (with"
            + " whether a rule joins them), and the games one base holds twice under other players' names.")
    boolean conflicts;

    @Spec
    CommandSpec spec;

    private int conflicts(PrintWriter out) {
        try (Engine db = Stores.openForReading(store.dir())) {
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
                    out.println(SafeText.of(String.format(Locale.ROOT, "%s (%s) / %s (%s): %,d cop%s%s; e.g. %s",
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
                    out.println(SafeText.of(String.format(Locale.ROOT, "%s %d: records %d and %d are the same game,"
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
        return 0;
    }

    @Override
    public Integer call() {
        if (conflicts) {
            if (!format.equals("table") && !format.equals("jsonl")) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or jsonl");
            }
            return conflicts(spec.commandLine().getOut());
        }
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or jsonl");
        }
        if (limit < 0) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every player) or more, not " + limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Engine db = Stores.openForReading(store.dir())) {
            boolean byRating = sort.equals("rating");
            if (at != null && !byRating) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--at goes with --sort rating");
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
                    out.printf("%-20s %6d %5d %5d %5d %6.1f %5.1f  %-9s %-4s %-10s %s%s%n", SafeText.of(p.name()), g.games(),
                            g.wins(), g.draws(), g.losses(), g.scorePct(), p.averageDiscs(),
                            g.firstYear() + (g.lastYear() == g.firstYear() ? "" : "–" + g.lastYear()),
                            p.record() == null || p.record().country() == null ? "" : p.record().country(),
                            p.record() == null ? "" : p.record().bornText(), !byRating ? "" : r == null ? "          "
                                    : String.format(Locale.ROOT, "%4.0f ±%3.0f%s", r.rating(), 2 * r.deviation(),
                                    r.deviation() > PROVISIONAL ? "?" : " "),
                            SafeText.of(String.join(", ", p.aliases())));
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
                RegistryImport.Result r = db.importPlayers(file, base, m -> err.println(SafeText.of(m)));
                spec.commandLine().getOut().println(r.players() + " players recorded in the registry of base " + r.base()
                        + ", " + r.aliases() + " aliases added" + (r.leftOut() == 0 ? "" : ", " + r.leftOut() + " lines left out"));
                return r.leftOut() == 0 ? 0 : 1;
            }
        }
    }

    /** A cell as the aliases' CSV wrote it, without the quote that kept a formula-like name from running. */
    static String unquote(String cell) {
        return cell.length() > 1 && cell.charAt(0) == '\'' && "=+-@\t\r".indexOf(cell.charAt(1)) >= 0 ? cell.substring(1) : cell;
    }

    /** What a user says of two names: {@code alias} (one player) or {@code split} (two). */
    abstract static class Say implements Callable<Integer> {
        @Mixin
        StoreOption store;

        @Parameters(index = "0", paramLabel = "NAME", description = "A player's name.")
        String a;

        @Parameters(index = "1", paramLabel = "OTHER", description = "The other name.")
        String b;

        @Option(names = "--undo", description = "Take back what was said of these two names.")
        boolean undo;

        @Spec
        CommandSpec spec;

        /** Whether this says one player. */
        abstract boolean same();

        @Override
        public Integer call() {
            return say(store, spec, a, b, same(), undo);
        }
    }

    /** {@code thordb players alias NAME OTHER [--undo]}: two names are one player. */
    @Command(name = "alias", description = "Say that two names are one player (every count, statistic and list follows);"
            + " --undo takes it back.")
    static final class Alias extends Say {
        @Override
        boolean same() {
            return true;
        }
    }

    /** {@code thordb players split NAME OTHER [--undo]}: two names are two players, whatever a rule says. */
    @Command(name = "split", description = "Say that two names are two players, whatever a rule joins; --undo takes it back.")
    static final class Split extends Say {
        @Override
        boolean same() {
            return false;
        }
    }

    private static int say(StoreOption store, CommandSpec spec, String a, String b, boolean same, boolean undo) {
        PrintWriter out = spec.commandLine().getOut();
        try (Engine db = Engine.open(store.dir())) {
            if (undo) {
                boolean had = db.unsayPlayers(a, b);
                out.println(had ? "taken back: the rules decide again whether \"" + SafeText.of(a) + "\" and \""
                        + SafeText.of(b) + "\" are one player" : "nothing was said of \"" + SafeText.of(a) + "\" and \""
                        + SafeText.of(b) + "\"");
                return had ? 0 : 1;
            }
            db.sayPlayers(a, b, same);
            out.println("\"" + SafeText.of(a) + "\" and \"" + SafeText.of(b) + "\" are " + (same ? "one player" : "two players")
                    + " ('--undo' takes it back)");
        }
        return 0;
    }

    /**
     * {@code thordb players aliases [--export FILE | --import FILE]}: every player with more than one
     * name, with the rule that joins each; as a CSV file ({@code name,alias,base,rule}) that
     * {@code --import} reads back (a row {@code name,alias,,different} keeps two names apart).
     */
    @Command(name = "aliases", description = "List each player's other names, the base and years each came from and the"
            + " rule that joins them, or export them as CSV (name,alias,base,rule,years) and import such a file (rows whose"
            + " rule is 'different' split).")
    static final class Aliases implements Callable<Integer> {
        @Mixin
        StoreOption store;

        @Option(names = "--export", paramLabel = "FILE", description = "Write the aliases as CSV.")
        Path export;

        @Option(names = "--import", paramLabel = "FILE", description = "Read a CSV of aliases: each row a user's word.")
        Path in;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            if (in != null) {
                int n = 0;
                try (Engine db = Engine.open(store.dir());
                     Reader r = Files.newBufferedReader(in, StandardCharsets.UTF_8);
                     CSVParser p = CSVFormat.DEFAULT.builder().setHeader()
                             .setSkipHeaderRecord(true).setTrim(true).get().parse(r)) {
                    for (CSVRecord row : p) {
                        String name = unquote(row.get("name"));
                        String alias = unquote(row.get("alias"));
                        String rule = row.isMapped("rule") ? row.get("rule") : "user";
                        if (name.isEmpty() || alias.isEmpty() || name.equals(alias)) {
                            continue;
                        }
                        boolean same = !rule.equals("different");
                        if (same && db.samePlayer(name, alias)) {
                            continue; // one player here already, by the store's own rules: no word needed
                        }
                        db.sayPlayers(name, alias, same);
                        n++;
                    }
                }
                out.println(n + " aliases read from " + SafeText.of(in.toString()));
                return 0;
            }
            try (Engine db = Stores.openForReading(store.dir())) {
                List<Engine.Alias> rows = db.aliases();
                Writer w = export == null ? out : Files.newBufferedWriter(export, StandardCharsets.UTF_8);
                try (CSVPrinter p = new CSVPrinter(new FilterWriter(w) {
                    @Override
                    public void close() throws IOException {
                        flush();
                        if (export != null) {
                            super.close();
                        }
                    }
                }, CSVFormat.DEFAULT.builder().setHeader("name", "alias", "base", "rule", "years").get())) {
                    for (Engine.Alias a : rows) {
                        p.printRecord(CsvCells.text(a.player()), CsvCells.text(a.alias()),
                                a.base(), a.rule(), a.years());
                    }
                }
                if (export != null) {
                    out.println(rows.size() + " aliases written to " + SafeText.of(export.toString()));
                }
            }
            return 0;
        }
    }
}
