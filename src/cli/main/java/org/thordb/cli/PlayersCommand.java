package org.thordb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.thordb.JsonAnswers.Document;
import org.thordb.Query;
import org.thordb.RegistryImported;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
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

    @Override
    public Integer call() {
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or jsonl");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (conflicts) {
            try (ThorDb db = Stores.openFrontForReading(store.dir())) {
                show(db.json().conflictsDocument(format), out);
            }
            return 0;
        }
        if (limit < 0) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every player) or more, not " + limit);
        }
        if (at != null && !sort.equals("rating")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--at goes with --sort rating");
        }
        Query query = where == null || where.isBlank() ? Query.ALL : Query.parse(where);
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            Document d = db.json().playersDocument(query, sort, at == null ? 0 : at, limit, format);
            show(d.text(), out);
            if (where != null) {
                for (String note : d.notes()) {
                    spec.commandLine().getErr().println("note: " + SafeText.of(note));
                }
            }
        }
        return 0;
    }

    /** A table safe for a terminal (names shown, never run); JSON lines as written (JSON escapes its own). */
    private void show(String text, PrintWriter out) {
        if (format.equals("table")) {
            SafeText.print(text, out);
        } else {
            out.print(text);
        }
        out.flush();
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
            try (ThorDb db = ThorDb.open(store.dir())) {
                RegistryImported r = db.importPlayers(file, base, m -> err.println(SafeText.of(m)));
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
        try (ThorDb db = ThorDb.open(store.dir())) {
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
                try (ThorDb db = ThorDb.open(store.dir());
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
            try (ThorDb db = Stores.openFrontForReading(store.dir())) {
                String csv = db.json().aliasesCsv();
                if (export == null) {
                    out.print(csv);
                    out.flush();
                } else {
                    Files.writeString(export, csv, StandardCharsets.UTF_8);
                    int rows; // counted in what was written, not asked of the store a second time
                    try (CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
                            .parse(new StringReader(csv))) {
                        rows = p.getRecords().size();
                    }
                    out.println(rows + " aliases written to " + SafeText.of(export.toString()));
                }
            }
            return 0;
        }
    }
}
