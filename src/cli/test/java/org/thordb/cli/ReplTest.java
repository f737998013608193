package org.thordb.cli;

import org.thordb.usecase.Games;
import org.thordb.usecase.Explore;
import org.thordb.usecase.Stats;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/** The REPL driven through a JLine terminal on streams, as a person would type at it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplTest {
    private Path dir;
    /** The sample's busiest player, and the counts the screens must show, from a plain scan of the files. */
    private String player;
    private long y2014;
    private long y2015;
    private long playerGames2014;

    @BeforeAll
    void store() throws Exception {
        dir = Files.createTempDirectory("thordb-repl");
        Path files = dir.resolve("files");
        SampleBase.write(files, "CLUB", 2013, 2, 1200, 77L);
        // 2015 a little smaller, so that screens of the two years tell apart (its 55 players are
        // the first of the 120 of the names file)
        Path other = dir.resolve("other");
        SampleBase.write(other, "CLUB", 2015, 1, 1100, 78L);
        Files.copy(other.resolve("CLUB_2015.wtb"), files.resolve("CLUB_2015.wtb"));
        try (Engine db = Engine.open(dir.resolve("db"))) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        PlainScan scan = new PlainScan(files);
        java.util.Map<String, Integer> n = new java.util.HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            n.merge(g.black(), 1, Integer::sum);
            n.merge(g.white(), 1, Integer::sum);
        }
        player = n.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        y2014 = scan.count(g -> g.year() == 2014);
        y2015 = scan.count(g -> g.year() == 2015);
        playerGames2014 = scan.count(g -> g.year() == 2014 && (g.black().equals(player) || g.white().equals(player)));
    }

    private String type(String input, Path history) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ThorDb db = ThorDb.builder(dir.resolve("db")).readOnly().open();
             Terminal t = new DumbTerminal("test", "ansi", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                     out, StandardCharsets.UTF_8)) {
            // as a real terminal: Ctrl-C interrupts, Ctrl-D ends input
            Attributes a = t.getAttributes();
            a.setLocalFlag(Attributes.LocalFlag.ISIG, true);
            a.setControlChar(Attributes.ControlChar.VINTR, 3);
            a.setControlChar(Attributes.ControlChar.VEOF, 4);
            t.setAttributes(a);
            new Repl(db, t, history).run();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void queriesPagesErrorsAndCommands() throws Exception {
        Path history = dir.resolve("history");
        String screen = type(String.join("\n",
                "year = 2015",
                ":more",
                "year = ",
                "player = \"" + player + "\"",
                ":explain",
                ":count year >= 2014",
                ":explain",
                ":board f5d6c3",
                ":export " + dir.resolve("repl-export") + " csv year = 2014 and player = \"" + player + "\"",
                ":frobnicate",
                ":quit",
                "year = 2014"), history);
        assertTrue(screen.contains(y2015 + " games ("), screen);
        assertTrue(screen.contains("… " + (y2015 - 10) + " more (:more)"), screen);
        assertTrue(screen.contains("… " + (y2015 - 20) + " more (:more)"), screen);
        assertTrue(screen.contains("error: query error at line 1, column 7"), screen);
        assertTrue(screen.contains("  year =\n        ^") || screen.contains("  year = \n        ^"), screen);
        assertTrue(screen.contains((y2014 + y2015) + "\n"), screen);
        assertTrue(screen.contains("player = \"" + player + "\": black and white postings of 1 name"), screen);
        // :explain explains the last query of any command: after :count, the count's
        assertTrue(screen.contains("year >= 2014: the years' files"), screen);
        assertTrue(screen.contains("3 . . X * . * . ."), screen);
        assertTrue(screen.contains("O (White) to move, X 5 O 2"), screen);
        assertTrue(screen.contains("error: unknown command :frobnicate"), screen);
        assertFalse(screen.contains(y2014 + " games"), "nothing is answered after :quit");
        List<String> saved = Files.readAllLines(history);
        assertTrue(saved.stream().anyMatch(l -> l.endsWith("player = \"" + player + "\"")), saved.toString());
        assertTrue(screen.contains("exported " + playerGames2014 + " games into 1 file in " + dir.resolve("repl-export")), screen);
        List<String> csv = Files.readAllLines(dir.resolve("repl-export").resolve("games.csv"));
        assertEquals(1 + playerGames2014, csv.size(), "a header and the player's games of 2014");
        // the history is there for the next session: up twice recalls :frobnicate (then :quit)
        String next = type("\u001b[A\u001b[A\n\u0004", history);
        assertTrue(next.contains("error: unknown command :frobnicate"), next);
    }

    @Test
    void ctrlCDropsTheLineAndCtrlDLeaves() throws Exception {
        String screen = type("year = 20\u0003year = 2014\n\u0004year = 2015\n", null);
        assertTrue(screen.contains(y2014 + " games ("), screen);
        assertFalse(screen.contains(y2015 + " games"), "Ctrl-D left before the last line: " + screen);
        assertFalse(screen.contains("query error"), "the dropped line was not run: " + screen);
    }

    @Test
    void theExplorerPlaysAndTakesBack() throws Exception {
        String screen = type(String.join("\n", ":explore f5d6", ":play c3", ":play a1", ":back", ":filter year = 2015",
                ":explore", ":filter", ":quit") + "\n", null);
        List<String> blocks = List.of(screen.split("games reach this position"));
        assertEquals(4, blocks.size() - 1, screen); // explore, play c3, back, explore under the filter
        assertTrue(screen.contains("error: a1 is not legal here: the move flips no disc"), screen);
        assertTrue(screen.contains("reach this position and match year = 2015"), screen);
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            // after f5d6c3 White's moves are ranked on the board: the most played is 1
            int top = Explore.exploration(db, org.thordb.othello.Replay.replay(org.thordb.othello.Notation.parseLine("f5d6c3"), null)
                    .finalPosition(), "").rows().get(0).move();
            int row = top / 8 + 1;
            int col = top % 8;
            assertTrue(screen.lines().anyMatch(l -> l.startsWith(row + " ") && l.length() > 2 + 2 * col
                    && l.charAt(2 + 2 * col) == '1'), org.thordb.othello.Notation.name(top) + " ranked 1: " + screen);
            long f5d6 = Games.count(db, "position = f5d6");
            long f5d6c3 = Games.count(db, "position = f5d6c3");
            assertTrue(screen.contains(f5d6 + " games reach this position\n"), screen);
            assertTrue(screen.contains(f5d6c3 + " games reach this position\n"), screen);
            assertTrue(screen.contains(Games.count(db, "position = f5d6 and year = 2015") + " games reach this position and match"));
        }
    }

    @Test
    void playTakesLinesRanksAndPassesAndTheBoardAloneIsTheExplorers() throws Exception {
        org.thordb.othello.Position second;
        org.thordb.othello.Position f5d6c3;
        String withPass = null;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            org.thordb.othello.Position f5 = org.thordb.othello.Position.afterLine("f5");
            int move2 = Explore.exploration(db, f5, "").rows().get(1).move();
            second = f5.play(move2);
            f5d6c3 = org.thordb.othello.Position.afterLine("f5d6c3");
            for (org.thordb.engine.StoredGame g : Games.of(db, Games.all(db))) {
                List<String> tokens = org.thordb.export.Exporter.pgnMoves(g);
                int pass = tokens.indexOf("pass");
                if (pass > 0 && org.thordb.othello.Replay.replay(g.record68().squares(), null).ok()) {
                    withPass = String.join(" ", tokens.subList(0, pass + 1));
                    break;
                }
            }
        }
        assertTrue(withPass != null, "the sample has a game with a pass");
        org.thordb.othello.Position afterPass = org.thordb.othello.Position.afterLine(withPass);
        String screen = type(String.join("\n", ":explore f5", ":play 2", ":board", ":explore f5", ":play d6c3", ":board",
                ":play 99", ":play f5", ":board " + withPass, ":explore " + withPass.replace(" pass", ""),
                ":explore", ":board f5 d6 pass", ":count", ":more now", ":game", ":explore junk", ":quit now", ":quit") + "\n", null);
        assertTrue(screen.contains(second.draw(second.legalMoves(), '*')), "the explorer's board after :play 2: " + screen);
        assertTrue(screen.contains(f5d6c3.draw(f5d6c3.legalMoves(), '*')), "after :play d6c3: " + screen);
        assertTrue(screen.contains("error: no move ranked 99 here: ranks run 1 to "), screen);
        assertTrue(screen.contains("error: f5 is not legal here: the square is occupied"), screen);
        assertTrue(screen.contains(afterPass.draw(afterPass.legalMoves(), '*')), "a line with its pass: " + screen);
        assertTrue(screen.contains("the line f5 d6 pass is not legal: move 3 pass: a move is legal here"), screen);
        assertTrue(screen.contains("usage: :count QUERY"), screen);
        assertTrue(screen.contains("usage: :more"), screen);
        assertTrue(screen.contains("usage: :game ROW | :game BASE YEAR RECORD"), screen);
        assertTrue(screen.contains("usage: :quit   (or Ctrl-D)"), screen);
        assertTrue(screen.contains("usage: :explore [LINE|BOARD]"), "an argument it cannot take: the error, then the usage");
        assertFalse(screen.contains("query error"), "misuse gets usage, not a grammar error: " + screen);
    }

    @Test
    void theGameViewerStepsThroughAGameWithTheArrowKeys() throws Exception {
        org.thordb.engine.StoredGame g;
        long afterFirst;
        long afterSecond;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            g = Games.of(db, Games.select(db, "year = 2014")).get(0);
            int[] sq = org.thordb.othello.Notation.parseLine(g.moves());
            org.thordb.othello.Position p1 = org.thordb.othello.Position.start().play(sq[0]);
            afterFirst = Explore.exploration(db, p1, "").total();
            afterSecond = Explore.exploration(db, p1.play(sq[1]), "").total();
        }
        String right = "\u001b[C";
        String left = "\u001b[D";
        String screen = type("year = 2014\n:game 1\n" + right + right + left + "q" + ":game CLUB 2014 " + g.record()
                + "\nGpq:game 99\n:game CLUB 1900 1\n:quit\n", null);
        String m1 = g.moves().substring(0, 2);
        String m2 = g.moves().substring(2, 4);
        assertTrue(screen.contains("   # base       year record"), "rows are numbered: " + screen);
        assertTrue(screen.contains("CLUB 2014, record " + g.record() + ": " + g.black() + " (Black) - " + g.white()), screen);
        assertTrue(screen.contains("move 0 of "), screen);
        int one = screen.indexOf("move 1 of ");
        int two = screen.indexOf("move 2 of ", one);
        int oneAgain = screen.indexOf("move 1 of ", two);
        assertTrue(one > 0 && two > one && oneAgain > two, "right, right, left: moves 1, 2, then 1 again: " + screen);
        assertTrue(screen.contains(": " + m1 + " played, next " + m2), screen);
        assertTrue(screen.contains(afterFirst + " games reach this position"), "the explorer's figures at move 1");
        assertTrue(screen.contains(afterSecond + " games reach this position"), "and at move 2");
        assertTrue(screen.contains("the end\n"), "End shows the last move: " + screen);
        // a step back from the end: one empty square or so, every move's exact score and perfect play
        assertTrue(screen.contains("perfect play: "), "the viewer's exact scores near the end: " + screen);
        assertEquals(2, screen.split("left the game viewer", -1).length - 1, screen);
        assertTrue(screen.contains("error: no row 99 in the last listing (rows 1 to 10)"), screen);
        assertTrue(screen.contains("error: no game CLUB 1900 1"), screen);
    }

    @Test
    void exportTakesForceLeavesNoEmptyFolderAndExplainFollowsTheLastQuery() throws Exception {
        Path out = dir.resolve("repl-force");
        Path never = dir.resolve("repl-never");
        String screen = type(String.join("\n", ":export " + out + " csv year = 2015",
                ":export " + out + " csv year = 2015", ":export " + out + " csv year = 2015 --force",
                ":export " + never + " csv year =", ":filter year = 2015", ":explain", ":quit") + "\n", null);
        assertTrue(screen.contains("exported " + y2015 + " games into 1 file in " + out), screen);
        assertTrue(screen.contains("games.csv: exists; --force replaces it"), screen);
        assertEquals(2, screen.split("exported " + y2015 + " games", -1).length - 1, "the second with --force: " + screen);
        assertFalse(Files.exists(never), "a failed :export leaves no folder");
        assertTrue(screen.contains("year = 2015: the years' files"), ":explain after :filter explains the filter: " + screen);
    }

    @Test
    void statsGroupTheLastQuerysGames() throws Exception {
        long games2014;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            games2014 = Stats.groups(db, "year", "player = \"" + player + "\"").stream()
                    .filter(r -> r.group().equals("2014")).findFirst().orElseThrow().games();
        }
        String screen = type(String.join("\n", "player = \"" + player + "\"", ":stats year", ":stats", ":stats colour",
                ":quit") + "\n", null);
        assertTrue(screen.contains("games by year of player = \"" + player + "\", from Black's side"), screen);
        assertTrue(screen.lines().anyMatch(l -> l.matches("2014\\s+" + games2014 + "\\s.*")), screen);
        assertTrue(screen.contains("usage: :stats GROUP [QUERY]"), screen);
        assertTrue(screen.contains("error: unknown grouping 'colour'"), screen);
    }

    /** The candidates the completer offers for a line, the cursor at its end. */
    private static List<org.jline.reader.Candidate> candidates(Repl.QueryCompleter c, String line) {
        List<org.jline.reader.Candidate> got = new java.util.ArrayList<>();
        org.jline.reader.impl.DefaultParser p = new org.jline.reader.impl.DefaultParser();
        p.setEscapeChars(new char[0]);
        c.complete(null, p.parse(line, line.length(), org.jline.reader.Parser.ParseContext.COMPLETE), got);
        return got;
    }

    private static boolean offers(List<org.jline.reader.Candidate> got, String value) {
        return got.stream().anyMatch(x -> x.value().equals(value));
    }

    /**
     * {@code :board POSITION} puts the explorer there: {@code :explore} then explores that board
     * (its games counted by the engine, not the start's), {@code :play} goes on from it, and
     * {@code :solve} answers for it with every move's exact score.
     */
    @Test
    void theBoardDrawnIsTheOneExplorePlayAndSolveWorkOn() throws Exception {
        String moves;
        long reach;
        long reachNext;
        String next;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            moves = Games.of(db, Games.select(db, "moves = 60 and year = 2014")).get(0).moves();
            org.thordb.othello.Position p = org.thordb.othello.Position.afterLine(moves.substring(0, 2 * 6));
            reach = Explore.exploration(db, p, "").total();
            next = org.thordb.othello.Notation.name(Explore.exploration(db, p, "").rows().get(0).move());
            reachNext = Explore.exploration(db, p.play(org.thordb.othello.Notation.square(next)), "").total();
        }
        long all;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            all = Games.count(db, "");
        }
        assertTrue(reach < all && reachNext <= reach, reach + " of " + all);
        String late = moves.substring(0, 2 * 42); // 18 empties
        String screen = type(String.join("\n", ":board " + moves.substring(0, 2 * 6), ":explore", ":play " + next,
                ":board " + late, ":solve", ":quit") + "\n", null);
        assertTrue(screen.contains("the explorer is on this position"), screen);
        int explore = screen.indexOf(":explore");
        String explored = screen.substring(explore);
        assertTrue(explored.contains(reach + (reach == 1 ? " game reaches" : " games reach") + " this position"),
                ":explore after :board counts the board's games (" + reach + "), not the start's (" + all + "): " + explored);
        assertTrue(explored.contains(reachNext + (reachNext == 1 ? " game reaches" : " games reach") + " this position"),
                ":play goes on from the board: " + explored);
        String solved = screen.substring(screen.lastIndexOf(":solve"));
        assertTrue(solved.contains("perfect play: "), ":solve answers for the board drawn: " + solved);
        assertFalse(solved.contains("empties: :solve takes positions of at most"), solved);
    }

    @Test
    void solveShowsEveryMovesExactScoreAtTheExplorersBoard() throws Exception {
        String moves;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            moves = Games.of(db, Games.select(db, "moves = 60 and year = 2014")).get(0).moves();
        }
        String screen = type(String.join("\n", ":explore " + moves.substring(0, 2 * 46), ":solve",
                ":explore " + moves.substring(0, 2 * 10), ":solve", ":gmae 1", ":stat year", ":quit") + "\n", null);
        assertTrue(screen.contains("perfect play: "), screen);
        assertTrue(screen.contains("50 empties: :solve takes positions of at most 24"), screen);
        // every legal move has its row: those no game played too, with their exact score
        org.thordb.othello.Position p = org.thordb.othello.Position.afterLine(moves.substring(0, 2 * 46));
        long played;
        try (Engine db = Engine.openReadOnly(dir.resolve("db"))) {
            played = Explore.exploration(db, p, "").rows().size();
        }
        // :explore at 14 empties already scores every legal move, and :solve after it shows them again
        int first = screen.indexOf("perfect play: ");
        int second = screen.indexOf("perfect play: ", first + 1);
        assertTrue(second > first, screen);
        java.util.function.Function<String, Long> never = part -> part.lines()
                .filter(l -> l.matches("\\s+[a-h][1-8]\\s+0\\s+\\(never\\)\\s+[+-]?\\d+")).count();
        assertEquals(Long.bitCount(p.legalMoves()) - played, never.apply(screen.substring(0, first)), screen);
        assertEquals(Long.bitCount(p.legalMoves()) - played, never.apply(screen.substring(first, second)), screen);
        assertTrue(screen.contains("error: unknown command :gmae; did you mean :game?"), screen);
        assertTrue(screen.contains("error: unknown command :stat; did you mean :stats?"), screen);
    }

    @Test
    void completionOffersWhatMayComeWhereTheCursorStands() throws Exception {
        try (Engine db = Engine.openReadOnly(dir.resolve("db"));
             ThorDb lib = ThorDb.builder(dir.resolve("db")).readOnly().open()) {
            Repl.QueryCompleter c = new Repl.QueryCompleter(lib.playerNames(), lib.tournamentNames());
            String tournament = db.catalog().bases().get(0).tournaments().get(0);
            // inside a quote after a name field: bare names of that kind, JLine closes the quote
            List<org.jline.reader.Candidate> got = candidates(c, "player = \"" + player.substring(0, player.length() - 1));
            assertTrue(offers(got, player), "inside a quote: bare names");
            assertFalse(offers(got, tournament) || offers(got, "year"), "players only");
            // after the operator, outside a quote: quoted names
            got = candidates(c, "black = ");
            assertTrue(offers(got, "\"" + player + "\""), "outside a quote: quoted names");
            assertTrue(offers(candidates(c, "tournament ~ "), "\"" + tournament + "\""));
            assertFalse(offers(candidates(c, "tournament ~ "), "\"" + player + "\""));
            // a whole quoted name: nothing more (JLine had offered every name of the base)
            assertTrue(candidates(c, "player = \"" + player + "\"").isEmpty());
            // after a whole condition: and, or
            got = candidates(c, "player = \"" + player + "\" ");
            assertEquals(List.of("and", "or"), got.stream().map(org.jline.reader.Candidate::value).toList());
            // after then (a sequence of board conditions), the fields again, the board's new ones among them
            assertTrue(offers(candidates(c, "discs(black) > 30 then "), "mobility"));
            assertTrue(offers(candidates(c, "discs(black) > 30 then "), "frontier"));
            // where a condition begins: fields from the table (and commands at the start of a line)
            got = candidates(c, "theo");
            assertTrue(offers(got, "theoretical"));
            assertEquals(1, got.stream().filter(x -> x.value().equals(":explain")).count());
            assertFalse(offers(got, "\"" + player + "\""), "no names where a field goes");
            got = candidates(c, "year = 1990 and (");
            assertTrue(offers(got, "position") && offers(got, "not") && !offers(got, ":more"));
            got = candidates(c, "result = ");
            assertEquals(List.of("black", "white", "draw"), got.stream().map(org.jline.reader.Candidate::value).toList());
            // a command's query is completed as a query
            assertTrue(offers(candidates(c, ":count player = "), "\"" + player + "\""));
        }
    }
}
