package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.thordb.stats.GroupStats;
import org.thordb.testing.TestBase;

/** Board conditions and statistics on the FFO base of {@code ../shared/data/wthor} (skipped when it is missing). */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@org.thordb.testing.FullTier
class BoardAndStatsRealTest extends BoardAndStatsContract {
    @Override
    TestBase base() {
        return TestBase.real();
    }

    @Test
    void aPlayersHeadToHeadOnTheFfoBase() {
        List<GroupStats> rows = Stats.groups(db, "opponent", "player = \"Tastet Marc\"");
        long games = rows.stream().mapToLong(GroupStats::games).sum();
        assertEquals(Games.count(db, "player = \"Tastet Marc\""), games, "every game of his, once (he never played himself)");
        GroupStats year2015 = Stats.groups(db, "year", "").stream().filter(r -> r.group().equals("2015")).findFirst().orElseThrow();
        assertEquals(Games.count(db, "year = 2015"), year2015.games());
        assertTrue(rows.get(0).games() >= rows.get(rows.size() - 1).games(), "most games first");
    }
}
