package org.thordb.testing;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.thordb.othello.Position;

/**
 * The check of a store opened with a colliding position hash: positions of random games, each
 * looked up (as games and as a count) and compared with a plain replay of every game.
 */
public final class Collisions {
    private Collisions() {
    }

    /** Checks {@code n} positions drawn with {@code seed} from {@code games}, which are the store's games. */
    public static void check(Engine collide, List<PlainScan.Game> games, long seed, int n) {
        Random rnd = new Random(seed);
        for (int i = 0; i < n; i++) {
            PlainScan.Game g = games.get(rnd.nextInt(games.size()));
            List<Position> ps = g.canonicalPositions();
            Position c = ps.get(rnd.nextInt(ps.size()));
            Set<Long> want = new HashSet<>();
            for (PlainScan.Game h : games) {
                if (h.canonicalPositions().contains(c)) {
                    want.add((long) h.year() * 100_000 + h.record());
                }
            }
            Set<Long> got = new HashSet<>();
            for (StoredGame x : Games.of(collide, Games.reaching(collide, c))) {
                got.add((long) x.year() * 100_000 + x.record());
            }
            assertEquals(want, got, c.toBoardString());
            assertEquals(want.size(), Games.count(collide, "position = \"" + c.toBoardString() + "\""), "count of " + c.toBoardString());
        }
    }
}
