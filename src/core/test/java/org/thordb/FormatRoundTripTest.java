package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.export.Exporter;
import org.thordb.ingest.Importer;
import org.thordb.store.Catalog;

/**
 * Every format thordb writes reads back into the same fields: the FFO base and every text
 * source of {@code ../shared/data} (the PGN of 1990, Logistello's book, eOthello's CSV, GGF) are
 * exported base by base in each format, each export is imported into a new store, and every game
 * is compared field by field with the original: its year and record, names, score, board, moves,
 * damage, and whether its theoretical score is known, with the score and its depth.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class FormatRoundTripTest {
    @TempDir
    Path tmp;
    private Engine db;

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.withTextSources();
    }

    @ParameterizedTest
    @EnumSource(Exporter.Format.class)
    void everyBaseComesBackFieldByField(Exporter.Format format) throws Exception {
        long compared = 0;
        for (Catalog.Base b : db.catalog().bases()) {
            String base = b.name();
            List<StoredGame> original = Games.of(db, Games.select(db, "base = \"" + base + "\""));
            if (original.isEmpty()) {
                continue;
            }
            if (format == Exporter.Format.WTHOR) { // a file a year, and the names files: the whole base at once
                compared += roundTrip(format, base, "base = \"" + base + "\"", null);
                continue;
            }
            // a text source is one file of a base, of at most 64 MB: a large base goes a decade a store
            int first = original.stream().mapToInt(StoredGame::year).min().orElseThrow();
            int last = original.stream().mapToInt(StoredGame::year).max().orElseThrow();
            for (int from = first - Math.floorMod(first, 10); from <= last; from += 10) {
                String q = "base = \"" + base + "\" and year in " + from + ".." + (from + 9);
                if (Games.count(db, q) > 0) {
                    compared += roundTrip(format, base, q, base);
                }
            }
        }
        assertEquals(Games.count(db, "copies = all"), compared, "every game of every base came back");
    }

    /** Exports a query's games, imports them into a new store, compares each with its original; returns how many. */
    private long roundTrip(Exporter.Format format, String base, String q, String baseOption) throws Exception {
        Path out = tmp.resolve("out-" + format + "-" + Integer.toHexString(q.hashCode()));
        // a WTHOR export of games whose theoretical score is unknown writes a stand-in only when asked: 0
        // in a file whose depth byte is 0 (which reads back as unknown), so the round trip keeps them unknown
        new Exporter(db, out, format, false, LocalDate.now()).withUnknownTheoretical(Exporter.UnknownTheoretical.ZERO)
                .withSourceNames().exportAll(q); // each base's own names: what was imported comes back
        Map<String, StoredGame> original = new HashMap<>();
        for (StoredGame g : Games.of(db, Games.select(db, q))) {
            original.put(g.year() + "/" + g.record(), g);
        }
        try (Engine copy = Engine.open(tmp.resolve("copy-" + format + "-" + Integer.toHexString(q.hashCode())))) {
            Importer.Options o = new Importer.Options(false, baseOption, List.of());
            assertTrue(copy.importFiles(List.of(out), o, m -> { }).clean(), format + " " + q);
            List<StoredGame> back = Games.of(copy, Games.all(copy));
            assertEquals(original.size(), back.size(), format + " " + q);
            for (StoredGame g : back) {
                StoredGame a = original.get(g.year() + "/" + g.record());
                assertTrue(a != null, format + " " + q + ": " + g.year() + "/" + g.record() + " is no original game");
                compare(format, a, g);
            }
        }
        org.thordb.testing.Folders.delete(out);
        return original.size();
    }

    private static void compare(Exporter.Format format, StoredGame a, StoredGame b) {
        String what = format + " " + a.base() + " " + a.year() + "/" + a.record();
        assertEquals(a.base(), b.base(), what);
        assertEquals(a.year(), b.year(), what);
        assertEquals(a.record(), b.record(), what);
        assertEquals(a.record68().side(), b.record68().side(), what);
        assertArrayEquals(a.record68().squares(), b.record68().squares(), what + " moves");
        assertEquals(a.score(), b.score(), what + " score");
        assertEquals(a.damage() != null, b.damage() != null, what + " damage " + a.damage() + " / " + b.damage());
        assertEquals(a.theoreticalKnown(), b.theoreticalKnown(), what + " theoretical known");
        if (a.theoreticalKnown()) {
            assertEquals(a.theoretical(), b.theoretical(), what + " theoretical");
            assertEquals(a.theoreticalDepth(), b.theoreticalDepth(), what + " depth");
        }
        for (String[] n : List.of(new String[] {a.black(), b.black()}, new String[] {a.white(), b.white()},
                new String[] {a.tournament(), b.tournament()})) {
            if (format == Exporter.Format.WTHOR) {
                // a WTHOR names file holds 19 (players) or 25 (tournaments) bytes a name: what fits comes back
                assertTrue(n[0].startsWith(n[1]) && !n[1].isEmpty(), what + " name " + n[0] + " / " + n[1]);
            } else {
                assertEquals(n[0], n[1], what + " name");
            }
        }
    }

}
