package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;

/**
 * One player, one name; one game, one count. A small WTHOR base, and a third party's PGN of its
 * games that spells some players otherwise (a transliteration, the words in another order, another
 * player's name altogether) with one short game two other players also played that year: every
 * count counts each game once (the same moves and year in another base is the same game, whatever
 * its names say, but for a short game), a name finds the player under any of its spellings, the
 * player list and the statistics show one player, the conflicts report lists every disagreement,
 * and what a user says (alias, split, undo, an aliases file) is followed and can be taken back.
 * On the FFO base, its own same-move games stay separate records, and its PGN counts once.
 */
@org.thordb.testing.FullTier
class IdentitiesCommandsTest {
    @TempDir
    Path tmp;

    private static final List<String> PLAYERS = List.of("Atamanov Dmitry", "Choirov Unurbat", "Khandzhyan Tatyana",
            "Manlai Erdenemunkh", "Erdenemunkh Manlai", "Tastet Marc", "Short Sam", "Quick Quinn");

    /** Random whole games: moves of the given length at most (0: to the end). */
    private static int[] game(SplittableRandom rnd, int moves) {
        WthorGame g = org.thordb.sample.SampleBase.randomGame(rnd, 2, 1);
        int[] sq = g.squares();
        int n = 0;
        while (n < sq.length && sq[n] >= 0) {
            n++;
        }
        return java.util.Arrays.copyOf(sq, moves == 0 ? n : Math.min(n, moves));
    }

    private record G(int black, int white, int[] moves, int score) {
    }

    private List<G> games() {
        SplittableRandom rnd = new SplittableRandom(70);
        List<G> out = new ArrayList<>();
        int[][] pairs = {{0, 5}, {5, 0}, {0, 2}, {1, 5}, {5, 1}, {2, 5}, {3, 5}, {5, 4}, {0, 1}, {2, 3}};
        for (int[] p : pairs) {
            WthorGame g = org.thordb.sample.SampleBase.randomGame(rnd, 2, 1);
            int[] sq = g.squares();
            int n = 0;
            while (n < sq.length && sq[n] >= 0) {
                n++;
            }
            out.add(new G(p[0], p[1], java.util.Arrays.copyOf(sq, n), g.blackScore()));
        }
        out.add(new G(6, 7, game(new SplittableRandom(5), 11), 10)); // a short game (11 moves)
        return out;
    }

    private Path base() throws IOException {
        Path dir = tmp.resolve("club");
        Files.createDirectories(dir);
        List<G> games = games();
        try (WthorWriter w = WthorWriter.create(dir.resolve("CLUB_2023.wtb"), WthorKind.GAMES_8,
                WthorHeader.forGames(LocalDate.of(2024, 1, 2), games.size(), 2023, 8, 22))) {
            for (G g : games) {
                w.write(WthorGame.of(0, g.black(), g.white(), g.score(), g.score(), g.moves(), 8));
            }
        }
        NameList.of(WthorKind.PLAYERS, LocalDate.of(2024, 1, 2), PLAYERS).write(dir.resolve("CLUB.JOU"));
        NameList.of(WthorKind.TOURNAMENTS, LocalDate.of(2024, 1, 2), List.of("Open")).write(dir.resolve("CLUB.TRN"));
        return dir;
    }

    /** The PGN a third party made of the base's games: some names otherwise, and the short game by two other players. */
    private Path pgn() throws IOException {
        List<String> spelt = new ArrayList<>(PLAYERS);
        spelt.set(0, "Atamanov Dmitriy"); // a transliteration
        spelt.set(1, "Unurbat Choirov"); // the words in another order
        spelt.set(2, "Dvivon Tatiana"); // another player's name altogether
        spelt.set(6, "Other Olga");
        spelt.set(7, "Else Eve");
        StringBuilder sb = new StringBuilder();
        for (G g : games()) {
            sb.append("[Event \"Open\"]\n[Date \"2023\"]\n[Black \"").append(spelt.get(g.black())).append("\"]\n[White \"")
                    .append(spelt.get(g.white())).append("\"]\n[Result \"").append(g.score()).append('-').append(64 - g.score())
                    .append("\"]\n\n");
            for (int k = 0; k < g.moves().length; k++) {
                sb.append(k % 2 == 0 ? (k / 2 + 1) + ". " : "").append(Notation.name(g.moves()[k]).toUpperCase()).append(' ');
            }
            sb.append("\n\n");
        }
        Path f = tmp.resolve("COPY.pgn");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    private static long count(Path db, String q) {
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), q);
        assertEquals(0, r.status(), r.out() + r.err());
        return Long.parseLong(r.out().strip().replace(",", ""));
    }

    private static String players(Path db, String where) {
        CommandsTest.Run r = CommandsTest.run("players", "--db", db.toString(), "--format", "jsonl", "--where", where);
        ok(r);
        return r.out();
    }

    private static String aliases(Path db) {
        CommandsTest.Run r = CommandsTest.run("players", "aliases", "--db", db.toString());
        ok(r);
        return r.out();
    }

    private static void ok(CommandsTest.Run r) {
        assertEquals(0, r.status(), r.out() + r.err());
    }

    @Test
    void copiesCountOnceAndEveryNameFindsItsPlayer() throws IOException {
        Path db = tmp.resolve("db");
        ok(CommandsTest.run("import", "--no-progress", "--db", db.toString(), base().toString()));
        List<G> games = games();
        long atamanov = games.stream().filter(g -> g.black() == 0 || g.white() == 0).count();
        long manlai = games.stream().filter(g -> g.black() == 3 || g.white() == 3 || g.black() == 4 || g.white() == 4).count();
        // within one base, the words in another order are one player too
        assertEquals(manlai, count(db, "player = \"Manlai Erdenemunkh\""));
        assertEquals(manlai, count(db, "player = \"Erdenemunkh Manlai\""));
        assertEquals(0, count(db, "player = \"Atamanov Dmitriy\""), "no such name before the PGN");

        ok(CommandsTest.run("import", "--no-progress", "--db", db.toString(), pgn().toString()));
        // the same moves and year in another base is the same game, whatever its names; the short game is not
        assertEquals(games.size() + 1, count(db, ""));
        assertEquals(2L * games.size(), count(db, "copies = all"));
        // a name finds the player under any of its spellings, and each game once
        assertEquals(atamanov, count(db, "player = \"Atamanov Dmitry\""));
        assertEquals(atamanov, count(db, "player = \"Atamanov Dmitriy\""));
        long choirov = games.stream().filter(g -> g.black() == 1 || g.white() == 1).count();
        assertEquals(choirov, count(db, "player = \"Unurbat Choirov\""));
        assertEquals(choirov, count(db, "player = \"Choirov Unurbat\""));
        // another player's name altogether is not joined: each name finds its own games
        long khandzhyan = games.stream().filter(g -> g.black() == 2 || g.white() == 2).count();
        assertEquals(khandzhyan, count(db, "player = \"Khandzhyan Tatyana\""));
        assertEquals(khandzhyan, count(db, "player = \"Dvivon Tatiana\""), "the copies Dvivon is named in are the same games");

        // the players list and statistics: one player under its preferred name, with its aliases
        CommandsTest.Run players = CommandsTest.run("players", "--db", db.toString(), "--format", "jsonl");
        ok(players);
        List<String> lines = players.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"player\":\"Atamanov Dmitry\"") && l.contains("\"games\":" + atamanov)
                && l.contains("Atamanov Dmitriy")), players.out());
        assertFalse(players.out().contains("\"player\":\"Atamanov Dmitriy\""), players.out());
        assertFalse(players.out().contains("\"player\":\"Unurbat Choirov\""), players.out());
        // Dvivon Tatiana's games are copies of Khandzhyan Tatyana's: counted once, under the first base's names
        assertFalse(players.out().contains("\"player\":\"Dvivon Tatiana\""), players.out());
        CommandsTest.Run stats = CommandsTest.run("stats", "--db", db.toString(), "--by", "opponent", "--format", "jsonl",
                "--where", "player = \"Atamanov Dmitriy\"");
        ok(stats);
        assertTrue(stats.out().contains("\"group\":\"Tastet Marc\""), stats.out());

        // the conflicts report: each pair with its copies, joined or kept apart
        CommandsTest.Run conflicts = CommandsTest.run("players", "--db", db.toString(), "--conflicts");
        ok(conflicts);
        assertTrue(conflicts.out().contains("Atamanov Dmitry (CLUB) / Atamanov Dmitriy (COPY): " + atamanov + " cop")
                && conflicts.out().contains("one player"), conflicts.out());
        assertTrue(conflicts.out().contains("Khandzhyan Tatyana (CLUB) / Dvivon Tatiana (COPY): " + khandzhyan + " cop")
                && conflicts.out().contains("two names kept apart"), conflicts.out());
        assertFalse(conflicts.out().contains("Short Sam"), "the short game is no copy: " + conflicts.out());

        // a user's word: joined, then taken back; split, then taken back
        String dvivon = "player = \"Dvivon Tatiana\"";
        assertTrue(players(db, dvivon).contains("\"player\":\"Dvivon Tatiana\""), "kept apart: " + players(db, dvivon));
        assertFalse(aliases(db).contains("Dvivon Tatiana"), aliases(db));
        ok(CommandsTest.run("players", "alias", "--db", db.toString(), "Dvivon Tatiana", "Khandzhyan Tatyana"));
        assertTrue(aliases(db).contains("Khandzhyan Tatyana,Dvivon Tatiana,COPY,user,2023"), aliases(db));
        assertTrue(players(db, dvivon).contains("\"player\":\"Khandzhyan Tatyana\""), players(db, dvivon));
        assertEquals(khandzhyan, count(db, dvivon));
        ok(CommandsTest.run("players", "alias", "--db", db.toString(), "--undo", "Dvivon Tatiana", "Khandzhyan Tatyana"));
        assertFalse(aliases(db).contains("Dvivon Tatiana"), aliases(db));
        String dmitriy = "player = \"Atamanov Dmitriy\"";
        assertTrue(players(db, dmitriy).contains("\"player\":\"Atamanov Dmitry\""), players(db, dmitriy));
        ok(CommandsTest.run("players", "split", "--db", db.toString(), "Atamanov Dmitriy", "Atamanov Dmitry"));
        assertTrue(players(db, dmitriy).contains("\"player\":\"Atamanov Dmitriy\""), "split: " + players(db, dmitriy));
        assertEquals(atamanov, count(db, "player = \"Atamanov Dmitry\""), "the games themselves are one game still");

        // the aliases file: written, read into another store, the same players
        Path csv = tmp.resolve("aliases.csv");
        CommandsTest.Run exported = CommandsTest.run("players", "aliases", "--db", db.toString(), "--export", csv.toString());
        ok(exported);
        String written = Files.readString(csv);
        assertEquals((written.lines().count() - 1) + " aliases written to " + csv, exported.out().strip(), "the rows written, counted");
        assertTrue(written.contains("Choirov Unurbat,Unurbat Choirov,COPY,order,2023"), written);
        assertTrue(written.contains("Atamanov Dmitriy,Atamanov Dmitry,,different,") || written.contains("Atamanov Dmitry,Atamanov Dmitriy,,different,"), written);
        ok(CommandsTest.run("players", "split", "--db", db.toString(), "--undo", "Atamanov Dmitriy", "Atamanov Dmitry"));
        Path other = tmp.resolve("other");
        ok(CommandsTest.run("import", "--no-progress", "--db", other.toString(), base().toString()));
        ok(CommandsTest.run("import", "--no-progress", "--db", other.toString(), pgn().toString()));
        ok(CommandsTest.run("players", "aliases", "--db", other.toString(), "--import", csv.toString()));
        assertTrue(players(other, dmitriy).contains("\"player\":\"Atamanov Dmitriy\""), "the split came with the file");
        CommandsTest.Run again = CommandsTest.run("players", "aliases", "--db", other.toString());
        ok(again);
        assertEquals(written.lines().sorted().toList(), again.out().lines().sorted().toList(), "round-tripped");
    }

    @Test
    void theFfoBaseKeepsEveryRecordAndItsPgnCountsOnce() {
        Path wthor = SharedData.dir("wthor");
        Path pgn = wthor.getParent().resolve("pgn/WTH_1990.pgn");
        Path db = tmp.resolve("ffo");
        ok(CommandsTest.run("import", "--no-progress", "--db", db.toString(), wthor.toString()));
        PlainScan scan = new PlainScan(wthor);
        long all = scan.games().size();
        assertEquals(all, count(db, ""), "every record of one base counts, same moves or not");
        CommandsTest.Run conflicts = CommandsTest.run("players", "--db", db.toString(), "--conflicts");
        ok(conflicts);
        // the same whole game twice in one year under other players' names: listed for the federation, never merged
        long pairs = conflicts.out().lines().filter(l -> l.contains("are the same game")).count();
        assertTrue(pairs >= 10, conflicts.out());
        String tiger = "position = f5d6c3d3c4";
        long tigerAlone = count(db, tiger);
        ok(CommandsTest.run("import", "--no-progress", "--db", db.toString(), pgn.toString()));
        long y1990 = scan.count(g -> g.year() == 1990);
        assertEquals(tigerAlone, count(db, tiger), "the Tiger is reached as often with the PGN beside: its games are copies");
        assertEquals(all, count(db, ""), "the PGN's games are the FFO's: counted once");
        assertEquals(all + y1990, count(db, "copies = all"));
        String player = scan.games().stream().filter(g -> g.year() == 1990).findFirst().orElseThrow().black();
        assertEquals(scan.count(g -> g.black().equals(player) || g.white().equals(player)), count(db, "player = \"" + player + "\""));
    }
}
