package org.thordb.cli;

import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.sample.SampleBase;
import org.thordb.stats.GroupStats;

/**
 * {@code thordb stats --as PLAYER [--colour]}, copies counted once and {@code copies = all}, and
 * limits that say "N of M", through the command line on a generated base imported twice.
 */
class PlayersViewCommandTest {
    @TempDir
    Path tmp;

    @Test
    void statsFromAPlayersSideAndCopiesCountedOnce() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 3, 50, 5L);
        Path db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString()).status());
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), "--base", "AGAIN",
                files.toString()).status());
        String player;
        List<GroupStats> want;
        try (Engine e = Engine.openReadOnly(db)) {
            player = Stats.groups(e, "player", "").get(0).group();
            want = Stats.groups(e, "year", "", player, "black");
        }
        CommandsTest.Run t = CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--as", player, "--colour", "black",
                "--format", "jsonl");
        assertEquals(0, t.status(), t.err());
        assertEquals(want.size(), t.lines().size());
        for (int i = 0; i < want.size(); i++) {
            assertTrue(t.lines().get(i).contains("\"games\":" + want.get(i).games() + ","), t.lines().get(i));
        }
        CommandsTest.Run table = CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--as", player, "--limit", "1");
        assertTrue(table.out().contains("from " + player + "'s side (as Black and as White)"), table.out());
        assertTrue(table.out().contains("1 of 3 groups"), table.out());
        assertEquals(2, CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--colour", "white").status(),
                "--colour needs --as");
        // the explorer from the player's side: the player's games as Black, the share theirs
        CommandsTest.Run ex = CommandsTest.run("explore", "--db", db.toString(), "--as", player, "--colour", "black");
        assertEquals(0, ex.status(), ex.err());
        long asBlack;
        try (Engine e = Engine.openReadOnly(db)) {
            asBlack = Games.count(e, "black = \"" + player + "\"");
        }
        assertTrue(ex.out().contains(asBlack + " games reach this position and match black = \"" + player + "\""), ex.out());
        assertTrue(ex.out().contains(SafeText.fit(player, 9) + "% (95%)"), ex.out());
        // each game once by default, said on standard error; copies = all counts both
        CommandsTest.Run once = CommandsTest.run("count", "--db", db.toString(), "year = 2001");
        assertEquals("50", once.out().strip());
        assertTrue(once.err().contains("50 games, 50 copies of games from other bases counted once"), once.err());
        assertEquals("100", CommandsTest.run("count", "--db", db.toString(), "year = 2001 and copies = all").out().strip());
        assertEquals("50", CommandsTest.run("count", "--db", db.toString(), "base = \"AGAIN\" and year = 2001").out().strip());
    }
}
