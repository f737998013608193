package org.thordb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.thordb.Board;
import org.thordb.ExportFormat;
import org.thordb.ExportOptions;
import org.thordb.Exported;
import org.thordb.Game;
import org.thordb.JsonAnswers;
import org.thordb.JsonAnswers.ExploreSettings;
import org.thordb.MoveValue;
import org.thordb.NextMove;
import org.thordb.Page;
import org.thordb.Query;
import org.thordb.Solitaire;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * The interactive REPL on a JLine terminal: each line is a query, answered with its count, the
 * time taken and the first games; {@code :more} pages on. History is kept across sessions; Tab
 * completes fields, keywords, commands and player and tournament names. Every error is printed and
 * the REPL goes on; Ctrl-C abandons the line, Ctrl-D leaves.
 *
 * <p>Usage: {@code new Repl(db, terminal, historyFile).run();}
 */
public final class Repl {
    static final int PAGE = 10;

    private static final List<String> COMMANDS = List.of(":help", ":count", ":explain", ":more", ":export", ":board",
            ":explore", ":play", ":back", ":filter", ":solve", ":game", ":stats", ":solitaires", ":solitaire", ":try",
            ":report", ":quit");

    /** What {@code :stats} groups by, as {@code thordb stats} takes it. */
    private static final String GROUPINGS = "player, black, white, opponent, tournament, year, opening (its name),"
            + " openingN (its first N moves, 1 to 20) or result";

    /** Each command's usage, printed when it is given the wrong arguments. */
    private static final Map<String, String> USAGE = Map.ofEntries(
            Map.entry(":help", ":help"),
            Map.entry(":count", ":count QUERY"),
            Map.entry(":explain", ":explain [QUERY]   (default: the last query, whatever command ran it)"),
            Map.entry(":more", ":more"),
            Map.entry(":export", ":export DIR [wthor|text|pgn|csv|jsonl] [QUERY] [--force]"),
            Map.entry(":board", ":board [LINE|BOARD|QUERY]   (alone: the explorer's board)"),
            Map.entry(":explore", ":explore [LINE|BOARD]"),
            Map.entry(":play", ":play MOVE|LINE|RANK   (:play f5, :play f5d6c3, :play 2 for the explorer's move ranked 2)"),
            Map.entry(":back", ":back"),
            Map.entry(":filter", ":filter [QUERY]"),
            Map.entry(":solve", ":solve"),
            Map.entry(":game", ":game ROW | :game BASE YEAR RECORD   (ROW: a row number of the last listing)"),
            Map.entry(":stats", ":stats GROUP [QUERY]   (GROUP: " + GROUPINGS + "; QUERY: default the last query)"),
            Map.entry(":solitaires", ":solitaires [QUERY]   (over solitaires: empties = 20 and year >= 2000)"),
            Map.entry(":solitaire", ":solitaire ROW   (ROW: a row number of the last :solitaires)"),
            Map.entry(":try", ":try MOVE   (in the solitaire on the board: does MOVE keep the win, or the draw?)"),
            Map.entry(":report", ":report PLAYER   (a player's report, as thordb report shows it)"),
            Map.entry(":quit", ":quit   (or Ctrl-D)"));

    private final ThorDb db;
    private final Terminal terminal;
    private final PrintWriter out;
    private final LineReader reader;
    /** The last query of any command: {@code :explain}, {@code :export} and {@code :stats} default to it. */
    private String lastQuery;
    /** The last query listed (a line that is a query), its games, and how many of them are shown. */
    private String listedQuery;
    private long listedTotal;
    private int shown;
    /** The ids of the games listed since the last query, by row number from 1. */
    private final List<Integer> listed = new ArrayList<>();
    /** The explorer's position: where it started, and the moves played from there with :play. */
    private Board exploreStart = Board.start();
    private final ArrayDeque<Board> explored = new ArrayDeque<>();
    private String exploreFilter = "";

    /** A REPL on a store and a terminal, keeping its history in {@code history} (null: none). */
    public Repl(ThorDb db, Terminal terminal, Path history) {
        this.db = db;
        this.terminal = terminal;
        this.out = terminal.writer();
        DefaultParser parser = new DefaultParser();
        parser.setEscapeChars(new char[0]);
        LineReaderBuilder b = LineReaderBuilder.builder().terminal(terminal).appName("thordb").parser(parser)
                .completer(new QueryCompleter(db.playerNames(), db.tournamentNames()))
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.CASE_INSENSITIVE, true); // names match in any case, as queries do
        if (history != null) {
            b.variable(LineReader.HISTORY_FILE, history);
        }
        this.reader = b.build();
    }

    /** Reads and answers lines until Ctrl-D or {@code :quit}. */
    public void run() {
        ThorDb.prepareExplorerInBackground(); // :explore's estimates: their weights load while the first line is typed
        out.println("thordb " + ThordbCommand.version() + ": " + db.count(Query.ALL.everyCopy())
                + " games. Type a query, or :help.");
        out.flush();
        while (true) {
            String line;
            try {
                line = reader.readLine("thordb> ");
            } catch (UserInterruptException e) {
                continue; // Ctrl-C: the line is dropped
            } catch (EndOfFileException e) {
                break; // Ctrl-D
            }
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            if (l.equals(":quit") || l.equals(":exit") || l.equals(":q")) {
                break;
            }
            if (l.matches("(?i):(quit|exit|q)\\s.*")) {
                out.println("usage: " + USAGE.get(":quit"));
                out.flush();
                continue;
            }
            try {
                answer(l);
            } catch (ThorDbException e) {
                said(l, e.getMessage(), e.detail(), e.code());
            } catch (CommandFailure e) {
                said(l, e.getMessage(), null, e.code());
            } catch (RuntimeException e) {
                out.println("error: " + SafeText.of(String.valueOf(e)));
            }
            out.flush();
        }
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            out.println("warning: the history was not saved: " + e.getMessage());
        }
        out.flush();
    }

    /** An error said, with its detail (a query's caret) and the usage of a command given what it cannot take. */
    private void said(String line, String message, String detail, ErrorCode code) {
        out.println("error: " + SafeText.of(message));
        if (detail != null) {
            detail.lines().forEach(d -> out.println(SafeText.of(d)));
        }
        String usage = line.startsWith(":") ? USAGE.get(line.split("\\s+", 2)[0].toLowerCase(Locale.ROOT)) : null;
        if (usage != null && code != ErrorCode.IO) {
            out.println("usage: " + usage);
        }
    }

    private void answer(String line) {
        String cmd = line.startsWith(":") ? line.split("\\s+", 2)[0].toLowerCase(Locale.ROOT) : "";
        String rest = line.startsWith(":") ? (line.contains(" ") ? line.substring(line.indexOf(' ') + 1).strip() : "") : line;
        boolean noArgs = rest.isEmpty();
        switch (cmd) {
            case "" -> query(line);
            case ":help", ":more", ":back", ":solve" -> {
                if (!noArgs) {
                    out.println("usage: " + USAGE.get(cmd));
                } else if (cmd.equals(":help")) {
                    help();
                } else if (cmd.equals(":more")) {
                    more();
                } else if (cmd.equals(":back")) {
                    back();
                } else {
                    solve();
                }
            }
            case ":count" -> {
                if (noArgs) {
                    out.println("usage: " + USAGE.get(cmd));
                } else {
                    Query q = Query.parse(rest);
                    lastQuery = rest;
                    out.println(db.count(q));
                    notes(q);
                }
            }
            case ":explain" -> out.print(db.explain(noArgs ? required(lastQuery) : rest));
            case ":export" -> export(rest);
            case ":board" -> board(rest);
            case ":explore" -> exploreFrom(rest);
            case ":play" -> {
                if (noArgs) {
                    out.println("usage: " + USAGE.get(cmd));
                } else {
                    play(rest);
                }
            }
            case ":game" -> game(rest);
            case ":stats" -> stats(rest);
            case ":report" -> {
                if (rest.isEmpty()) {
                    out.println("usage: " + USAGE.get(":report"));
                } else {
                    SafeText.print(db.json().reportDocument(rest, JsonAnswers.ReportSettings.DEFAULT, "text"), out);
                }
            }
            case ":solitaires" -> solitaires(rest);
            case ":solitaire" -> {
                if (!rest.matches("\\d+")) {
                    out.println("usage: " + USAGE.get(cmd));
                } else {
                    solitaire(Integer.parseInt(rest));
                }
            }
            case ":try" -> {
                if (noArgs || rest.contains(" ")) {
                    out.println("usage: " + USAGE.get(cmd));
                } else {
                    tryMove(rest);
                }
            }
            case ":filter" -> {
                if (!rest.isEmpty()) {
                    Query.parse(rest); // refuse a bad filter now, not at the next :explore
                    lastQuery = rest;
                }
                exploreFilter = rest;
                out.println(rest.isEmpty() ? "explorations count every game" : "explorations count the games of: " + rest);
            }
            default -> {
                // the nearest command, when a typo is one or two letters away (:gmae, :stat)
                String near = null;
                int best = 3;
                for (String c : COMMANDS) {
                    int d = editDistance(cmd, c);
                    if (d < best) {
                        best = d;
                        near = c;
                    }
                }
                out.println("error: unknown command " + cmd + (near != null ? "; did you mean " + near + "?" : "")
                        + "; :help lists them");
            }
        }
    }

    private static String required(String s) {
        if (s == null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "no query yet");
        }
        return s;
    }

    /** The letters to change, add or take away to make one word the other (Levenshtein's distance). */
    static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    private void query(String q) {
        long t0 = System.nanoTime();
        Query parsed = Query.parse(q); // a bad query fails here, with its caret
        Page first = db.page(q, 0, PAGE); // the count and the first games, from one evaluation
        double ms = (System.nanoTime() - t0) / 1e6;
        lastQuery = q;
        listedQuery = q;
        listedTotal = first.total();
        shown = 0;
        listed.clear();
        out.printf("%d games (%.2f ms)%n", first.total(), ms);
        notes(parsed);
        show(first);
    }

    private void notes(Query q) {
        for (String note : db.notes(q)) {
            out.println("note: " + SafeText.of(note));
        }
    }

    /** The next page of the last query listed: its games by id, as they were numbered from the first. */
    private void more() {
        if (listedQuery == null) {
            out.println("no query yet");
            return;
        }
        if (shown >= listedTotal) {
            if (listedTotal > 0) {
                out.println("no more games");
            }
            return;
        }
        show(db.page(listedQuery, shown, PAGE));
    }

    /** A page of the listing, its rows numbered on from those shown. */
    private void show(Page page) {
        if (page.games().isEmpty()) {
            return;
        }
        var w = GameRows.numberedTable(out, shown + 1);
        for (Game g : page.games()) {
            w.accept(GameRows.Row.of(g));
            listed.add(g.id());
        }
        shown += page.games().size();
        if (shown < listedTotal) {
            out.println("… " + (listedTotal - shown) + " more (:more)");
        }
    }

    private void export(String rest) {
        List<String> words = new ArrayList<>(List.of(rest.isEmpty() ? new String[0] : rest.split("\\s+")));
        boolean force = words.remove("--force");
        String[] parts = String.join(" ", words).isEmpty() ? new String[0] : String.join(" ", words).split("\\s+", 3);
        if (parts.length == 0 || parts[0].startsWith("-")) {
            out.println("usage: " + USAGE.get(":export"));
            return;
        }
        ExportFormat f = ExportFormat.WTHOR;
        String q = lastQuery;
        if (parts.length > 1) {
            try {
                f = ExportFormat.valueOf(parts[1].toUpperCase(Locale.ROOT));
                if (parts.length > 2) {
                    q = parts[2];
                }
            } catch (IllegalArgumentException e) {
                q = String.join(" ", words).substring(parts[0].length()).strip();
            }
        }
        Exported done = db.exportGames(Query.parse(required(q)), Path.of(parts[0]), f,
                force ? ExportOptions.defaults().replacing() : ExportOptions.defaults());
        lastQuery = q;
        for (String note : done.notes()) { // what thordb export says of a lossy file, said here too
            out.println("note: " + SafeText.of(note));
        }
        out.println(done.describe(parts[0]));
    }

    /** {@code :explore [LINE | BOARD]}: the next moves from a position (default: where the explorer is). */
    private void exploreFrom(String rest) {
        if (!rest.isEmpty()) {
            moveTo(Board.of(rest));
        }
        explore();
    }

    private Board current() {
        return explored.isEmpty() ? exploreStart : explored.peekLast();
    }

    /** The explorer's table for the board it is on: the filter's games, exact scores near the end, estimates before. */
    private void explore() {
        SafeText.print(exploration(current(), ExploreSettings.DEFAULT), out);
    }

    /** The explorer's table for a board, of the games of the REPL's filter, as {@code thordb explore} prints it. */
    private String exploration(Board b, ExploreSettings s) {
        return db.json().exploreDocument(Query.parse(exploreFilter), b.text(), "", s, "", "", "games", "table");
    }

    /** The solitaires of the last {@code :solitaires}, by row number from 1. */
    private final List<Solitaire> solitaireRows = new ArrayList<>();
    /** The solitaire being solved: its position now, its side, and the score it must keep (its sign). */
    private Board solitaire;
    private String solitaireSide;
    private int solitaireScore;

    /** {@code :solitaires [QUERY]}: the stored solitaires a query over solitaires matches, numbered. */
    private void solitaires(String query) {
        List<Solitaire> rows = db.solitaires(query);
        solitaireRows.clear();
        solitaireRows.addAll(rows);
        int n = 0;
        for (Solitaire r : rows) {
            if (++n > 20) {
                break;
            }
            out.printf("%4d  %2d empties  %4d  %s to move  %s%n", n, r.empties(), r.year(),
                    r.blackToMove() ? "Black" : "White", r.problem() == null ? "" : "[" + SafeText.of(r.problem()) + "]");
        }
        out.println(rows.size() + " solitaires" + (rows.size() > 20 ? ", the first 20 listed" : "")
                + (rows.isEmpty() ? "" : "; :solitaire ROW shows one"));
    }

    /** {@code :solitaire N}: the board of a listed solitaire, to solve with {@code :try}. */
    private void solitaire(int row) {
        if (row < 1 || row > solitaireRows.size()) {
            out.println("error: no solitaire " + row + (solitaireRows.isEmpty() ? "; :solitaires lists them"
                    : "; rows run 1 to " + solitaireRows.size()));
            return;
        }
        Solitaire r = solitaireRows.get(row - 1);
        solitaire = Board.of(r.position());
        solitaireSide = solitaire.toMove();
        solitaireScore = r.solution();
        out.print(solitaire.drawing());
        out.println();
        out.println(side(solitaireSide) + " to play and " + (solitaireScore > 0 ? "win" : "draw")
                + ": one move keeps it each time; :try MOVE");
    }

    private static String side(String toMove) {
        return toMove.equals("black") ? "Black" : "White";
    }

    /** The exact scores :try asks for: a solitaire has 20 empties or so, each position solved once and kept. */
    private static final ExploreSettings EXACT = ExploreSettings.DEFAULT.exactUpTo(ExploreSettings.MAX_EXACT_EMPTIES)
            .withEstimates(false);

    /**
     * Every legal move's exact score on a board, as {@code :solve} has them (kept per position, so a
     * second try, or the same defence again, is not solved again).
     */
    private Map<String, Integer> moveScores(Board b) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (MoveValue v : db.values(b.text(), EXACT)) {
            if (!v.exact()) {
                break;
            }
            out.put(v.move(), v.discs());
        }
        if (out.size() != b.legalMoves().size()) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "not solved within a minute");
        }
        return out;
    }

    /**
     * {@code :try g5}: whether the move keeps the solitaire's result; when it does, it is played with
     * the opponent's best defence (of equal ones, the first in square order), and the board shown.
     */
    private void tryMove(String move) {
        if (solitaire == null) {
            out.println("error: no solitaire on the board; :solitaires, then :solitaire ROW");
            return;
        }
        String sq = move.toLowerCase(Locale.ROOT);
        if (!sq.matches("[a-h][1-8]")) {
            out.println("error: '" + SafeText.of(move) + "' is not a square a1…h8");
            return;
        }
        Optional<String> why = solitaire.whyIllegal(sq);
        if (why.isPresent()) {
            out.println("error: " + move + " is not legal here: " + why.get());
            return;
        }
        Map<String, Integer> scores = moveScores(solitaire);
        int got = scores.get(sq);
        boolean keeps = solitaireScore > 0 ? got > 0 : got == 0;
        if (!keeps) {
            int best = scores.values().stream().max(Integer::compare).orElseThrow();
            out.printf("%s does not keep the %s: it gives %+d; one move does (%+d) — try again%n", move,
                    solitaireScore > 0 ? "win" : "draw", got, best);
            return;
        }
        Board b = solitaire.play(sq);
        StringBuilder said = new StringBuilder(move + " keeps the " + (solitaireScore > 0 ? "win" : "draw")
                + String.format(" (%+d)", got));
        while (!b.isOver() && !b.toMove().equals(solitaireSide)) {
            // the best defence; of equal ones, the first in square order
            Map<String, Integer> replies = new TreeMap<>(Comparator.comparingInt(Repl::squareOrder));
            replies.putAll(moveScores(b));
            int top = replies.values().stream().max(Integer::compare).orElseThrow();
            String reply = replies.entrySet().stream().filter(e -> e.getValue() == top).findFirst().orElseThrow().getKey();
            said.append("; ").append(side(b.toMove())).append(" answers ").append(reply);
            b = b.play(reply);
        }
        solitaire = b;
        out.println(said);
        out.print(b.drawing());
        out.println();
        if (b.isOver()) {
            out.println("solved: " + b.blackDiscs() + "-" + b.whiteDiscs());
            solitaire = null;
        }
    }

    /** A square's place in the order a1, b1, … h1, a2, … h8. */
    private static int squareOrder(String square) {
        return (square.charAt(1) - '1') * 8 + (square.charAt(0) - 'a');
    }

    /** The most empties {@code :solve} takes on: beyond, a solve may run for minutes. */
    static final int SOLVE_EMPTIES = 24;

    /** {@code :solve}: the explorer's board with every legal move's exact score and the moves of perfect play. */
    private void solve() {
        Board b = current();
        if (b.legalMoves().isEmpty()) {
            out.println("the game is over: " + b.blackDiscs() + "-" + b.whiteDiscs());
            return;
        }
        if (b.empties() > SOLVE_EMPTIES) {
            out.println("error: " + b.empties() + " empties: :solve takes positions of at most " + SOLVE_EMPTIES
                    + " (:play on, or :explore a later position)");
            return;
        }
        ExploreSettings exact = ExploreSettings.DEFAULT.exactUpTo(SOLVE_EMPTIES).withEstimates(false);
        List<MoveValue> values = db.values(b.text(), exact);
        if (values.isEmpty() || !values.get(0).exact()) {
            out.println("error: not solved within a minute");
            return;
        }
        SafeText.print(exploration(b, exact), out); // the values solved are kept: the table reads them
    }

    /**
     * {@code :play f5}, {@code :play f5d6c3} (a line, passes written or not) or {@code :play 2} (the
     * explorer's move ranked 2 here): moves the explorer on.
     */
    private void play(String what) {
        Board b = current();
        if (what.matches("\\d+")) {
            int rank = Integer.parseInt(what);
            List<NextMove> rows = db.explore(exploreFilter, b.text()).moves();
            if (rank < 1 || rank > rows.size()) {
                out.println("error: no move ranked " + what + " here: "
                        + (rows.isEmpty() ? "no game of the filter goes on from this position" : "ranks run 1 to " + rows.size()));
                return;
            }
            what = rows.get(rank - 1).move();
        }
        List<Board> line;
        try {
            line = b.line(what);
        } catch (ThorDbException e) {
            if (e.code() == ErrorCode.ILLEGAL_MOVE && !e.getMessage().startsWith("move ")) {
                out.println("error: " + SafeText.of(e.getMessage())
                        + " (:play goes on from the explorer's position; :explore LINE starts a line from the beginning)");
                return;
            }
            throw e;
        }
        explored.addAll(line);
        explore();
    }

    /** {@code :back}: takes the last :play back. */
    private void back() {
        if (explored.isEmpty()) {
            out.println("at the start of the exploration");
            return;
        }
        explored.removeLast();
        explore();
    }

    /** A line of moves in thordb's notation: squares, and passes as the exports write them. */
    static boolean isLine(String text) {
        return text.matches("(?i)([a-h][1-8]|pass|pa|@@|[\\s,.\\-])+") && text.matches("(?is).*[a-h][1-8].*");
    }

    /**
     * Draws the explorer's board (no argument), or the position a line, a board string or a
     * {@code position =} / {@code opening =} query names.
     */
    private void board(String rest) {
        List<Board> boards = new ArrayList<>();
        if (rest.isEmpty()) {
            boards.add(current());
        } else if (isLine(rest)) {
            boards.add(Board.of(rest));
        } else if (rest.replace(" ", "").length() >= 65 && rest.matches("[XOxo\\-.* ]+")) {
            String squares = rest.replace(" ", ""); // the squares may be spaced; then the side to move
            boards.add(Board.of(squares.substring(0, 64) + " " + squares.substring(64)));
        } else {
            boards.addAll(Query.parse(rest).positions());
        }
        if (boards.isEmpty()) {
            out.println("the query names no position; :board f5d6c3 draws one");
        }
        for (Board b : boards) {
            out.print(b.drawing());
            out.println("* legal moves");
        }
        if (!rest.isEmpty() && boards.size() == 1) {
            // the board drawn is the one :explore, :play and :solve work on next
            moveTo(boards.get(0));
            out.println("the explorer is on this position: :explore, :play and :solve start from it");
        }
    }

    /** Puts the explorer on a board: :explore, :play, :solve and :back start from it. */
    private void moveTo(Board b) {
        explored.clear();
        exploreStart = b;
    }

    /** {@code :stats GROUP [QUERY]}: the last query's games (or QUERY's) grouped, as {@code thordb stats} shows them. */
    private void stats(String rest) {
        if (rest.isEmpty()) {
            out.println("usage: " + USAGE.get(":stats"));
            return;
        }
        String[] w = rest.split("\\s+", 2);
        String where = w.length > 1 ? w[1] : lastQuery == null ? "" : lastQuery;
        JsonAnswers.Document d = db.json().statsDocument(w[0], Query.parse(where), "", "", "", STATS_ROWS, "table");
        if (w.length > 1) {
            lastQuery = where;
        }
        SafeText.print(d.text(), out);
        if (d.text().stripTrailing().matches("(?s).*\\n\\d+ of \\d+ groups")) {
            out.println("… thordb stats --limit shows more");
        }
    }

    /** The groups {@code :stats} shows: the first, as {@code thordb stats --limit} would. */
    private static final int STATS_ROWS = 20;

    /** {@code :game ROW} or {@code :game BASE YEAR RECORD}: steps through a game with the arrow keys. */
    private void game(String rest) {
        String[] w = rest.isEmpty() ? new String[0] : rest.split("\\s+");
        Game g;
        if (w.length == 1 && w[0].matches("\\d+")) {
            int row = Integer.parseInt(w[0]);
            if (row < 1 || row > listed.size()) {
                out.println("error: no row " + row + " in the last listing"
                        + (listed.isEmpty() ? " (run a query first)" : " (rows 1 to " + listed.size() + ")"));
                return;
            }
            g = db.game(listed.get(row - 1)).orElseThrow();
        } else if (w.length == 3 && w[1].matches("\\d{1,4}") && w[2].matches("\\d{1,9}")) {
            String base = w[0].replace("\"", "");
            g = db.game(base, Integer.parseInt(w[1]), Integer.parseInt(w[2])).orElse(null);
            if (g == null) {
                out.println("error: no game " + base + " " + w[1] + " " + w[2]
                        + " (BASE YEAR RECORD, the record from 0 as the listings show it)");
                return;
            }
        } else {
            out.println("usage: " + USAGE.get(":game"));
            return;
        }
        new GameViewer(terminal, g, b -> exploration(b, ExploreSettings.DEFAULT)).run();
    }

    private void help() {
        out.println("""
                A line is a query: its count, the time taken, and the first games (:more for the next).
                  player = "Tastet Marc" and opening = f5d6
                  position = f5d6c3d3c4f4f6f3e6e7        any move order, any orientation
                  year in 1990..1999 and result = draw and not tournament ~ "open"
                  theoretical > score
                Fields:
                %s
                Commands:
                  :count QUERY       the number of games only
                  :explain [QUERY]   how a query is answered (default: the last query of any command)
                  :more              the next games of the last query
                  :game ROW          step through a game of the last listing (or :game BASE YEAR RECORD):
                                     arrow keys, Home, End; q leaves
                  :board [LINE|QUERY] draw a position, legal moves marked * (alone: the explorer's board)
                  :export DIR [FORMAT] [QUERY] [--force]  write the last query's games (wthor, text, pgn, csv, jsonl)
                  :explore [LINE|BOARD] the moves played from a position (default: the start), ranked on the board:
                                     1-9 most played first, + ranked 10th or lower, * legal but never played
                  :play MOVE|LINE|RANK  play on in the explorer (f5, f5d6c3 with passes written or not,
                                     or 2: the move ranked 2);  :back  take the last move back
                  :solve             every legal move's exact score here (at most 24 empties), perfect play
                  :stats GROUP [QUERY] the last query's games grouped: player, opponent, year, opening4, …
                  :filter [QUERY]    explore only the games of a query (none: every game)
                  :solitaires [QUERY] the stored solitaires of a query over them (empties = 20 and year >= 2000)
                  :solitaire ROW     a listed solitaire's board;  :try MOVE  does MOVE keep the win (or draw)?
                  :quit              leave (or Ctrl-D); Ctrl-C drops the line
                Tab completes fields, keywords and commands, and names after an opening quote.""".formatted(Query.fieldHelp()));
    }

    /**
     * Completes what may come where the cursor stands: commands at the start of a line; fields,
     * {@code not} and {@code (} where a condition begins; names after {@code player =} (players) or
     * {@code tournament ~} (tournaments), quoted when the word has no quote yet (inside a quote JLine
     * closes it itself); the outcomes after {@code result =}; {@code and}, {@code or} after a whole
     * condition, and nothing after a whole quoted name.
     */
    static final class QueryCompleter implements Completer {
        private final List<Candidate> commands = new ArrayList<>();
        private final List<Candidate> fields = new ArrayList<>();
        private final List<String> players = new ArrayList<>();
        private final List<String> tournaments = new ArrayList<>();
        private static final Pattern NAME_OP = Pattern.compile(
                "(?i)(?:^|[\\s(])(player|black|white|tournament)\\s*[=~]$");
        private static final Pattern OTHER_OP = Pattern.compile(
                "(?i)(?:^|[\\s(])([a-z_.]+)\\s*(=|!=|<|<=|>|>=|~)$");
        private static final Pattern CONDITION_START = Pattern.compile(
                "(?i)(|.*(\\s|\\()(and|or|not|then)|.*\\()");

        /** A completer of the queries, commands and names of a store: its players' and tournaments' spellings. */
        QueryCompleter(List<String> playerNames, List<String> tournamentNames) {
            for (String w : COMMANDS) {
                commands.add(new Candidate(w, w, "commands", null, null, null, true));
            }
            for (String w : Query.fields()) {
                fields.add(new Candidate(w, w, "fields", null, null, null, true));
            }
            fields.add(new Candidate("not", "not", "keywords", null, null, null, true));
            players.addAll(playerNames);
            tournaments.addAll(tournamentNames);
        }

        @Override
        public void complete(LineReader reader, ParsedLine line, List<Candidate> out) {
            String text = line.line();
            int start = line.cursor() - line.wordCursor();
            int end = start + line.word().length();
            if (line instanceof CompletingParsedLine c) {
                start = line.cursor() - c.rawWordCursor();
                end = start + c.rawWordLength();
            }
            start = Math.max(0, Math.min(start, text.length()));
            boolean quoted = start < text.length() && text.charAt(start) == '"';
            if (quoted && end - start >= 2 && end <= text.length() && text.charAt(end - 1) == '"') {
                return; // a whole quoted name: nothing is left to complete
            }
            String before = text.substring(0, start).stripTrailing();
            if (before.startsWith(":")) { // a command's argument: most commands take a query
                int space = before.indexOf(' ');
                if (space < 0) {
                    return;
                }
                before = before.substring(space + 1).stripTrailing();
            } else if (before.isEmpty() && !quoted) {
                out.addAll(commands);
            }
            Matcher name = NAME_OP.matcher(before);
            if (name.find()) {
                boolean tournament = name.group(1).equalsIgnoreCase("tournament");
                for (String n : tournament ? tournaments : players) {
                    out.add(new Candidate(quoted ? n : "\"" + n + "\"", n, tournament ? "tournaments" : "players",
                            null, null, null, true));
                }
                return;
            }
            if (quoted) {
                return;
            }
            Matcher other = OTHER_OP.matcher(before);
            if (other.find()) {
                if (other.group(1).equalsIgnoreCase("result")) {
                    for (String w : List.of("black", "white", "draw")) {
                        out.add(new Candidate(w, w, "results", null, null, null, true));
                    }
                }
                return;
            }
            if (CONDITION_START.matcher(before).matches()) {
                out.addAll(fields);
                return;
            }
            for (String w : List.of("and", "or")) { // after a whole condition
                out.add(new Candidate(w, w, "keywords", null, null, null, true));
            }
        }
    }
}
