package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.export.Exporter;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.othello.OpeningNames;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.store.NameIndex;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;

/** What an embedder trips over in the first hour: lines, fresh readers, removing a base, names. */
@org.thordb.testing.FullTier
class EverydayUseTest {
    @TempDir
    Path tmp;

    @Test
    void anIllegalLineThrowsRatherThanLookingUpThePositionBeforeIt() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> Position.afterLine("f5f5"));
        assertEquals(ErrorCode.ILLEGAL_MOVE, e.code());
        assertTrue(e.getMessage().contains("move 2 f5: the square is occupied"), e.getMessage());
        assertEquals(Replay.replay(Notation.parseLine("f5d6c3"), null).finalPosition(), Position.afterLine("F5 d6, c3"));
        ThorDbException pass = assertThrows(ThorDbException.class, () -> Position.afterLine("f5 d6 pass"));
        assertTrue(pass.getMessage().contains("move 3 pass: a move is legal here"), pass.getMessage());
        assertEquals(ErrorCode.BAD_NOTATION, assertThrows(ThorDbException.class, () -> Position.afterLine("f5 x9")).code());
        // the passes the exports write are read back, and the same line without them too
        int withPasses = 0;
        for (StoredGame g : Games.of(TestBase.sample().db(), Games.all(TestBase.sample().db()))) {
            List<String> tokens = Exporter.pgnMoves(g);
            Replay.Result r = Replay.replay(g.record68().squares(), null);
            if (!tokens.contains("pass") || !r.ok()) {
                continue;
            }
            withPasses++;
            assertEquals(r.finalPosition(), Position.afterLine(String.join(" ", tokens)), g.moves());
            assertEquals(r.finalPosition(), Position.afterLine(g.moves()), g.moves());
            if (withPasses == 50) {
                break;
            }
        }
        assertTrue(withPasses > 0, "the sample has games with passes");
    }

    @Test
    void aReadOnlyStoreSeesWhatAnImportLandedSinceItOpened() throws Exception {
        Path all = tmp.resolve("all");
        SampleBase.write(all, "CLUB", 2001, 2, 300, 5L);
        Path first = Files.createDirectories(tmp.resolve("first"));
        Path second = Files.createDirectories(tmp.resolve("second"));
        for (String n : List.of("CLUB.JOU", "CLUB.TRN")) {
            Files.copy(all.resolve(n), first.resolve(n));
            Files.copy(all.resolve(n), second.resolve(n));
        }
        Files.copy(all.resolve("CLUB_2001.wtb"), first.resolve("CLUB_2001.wtb"));
        Files.copy(all.resolve("CLUB_2002.wtb"), second.resolve("CLUB_2002.wtb"));
        Path dir = tmp.resolve("db");
        try (Engine w = Engine.open(dir)) {
            w.importFiles(List.of(first), Importer.Options.defaults(), m -> { });
        }
        try (Engine reader = Engine.openReadOnly(dir)) {
            assertEquals(300, Games.count(reader, ""));
            assertEquals(0, Games.count(reader, "year = 2002"));
            MatchedGames before = reader.query("year = 2001");
            Iterator<StoredGame> it = before.iterator();
            it.next();
            try (Engine w = Engine.open(dir)) { // the writer, beside the reader, as another process would be
                w.importFiles(List.of(second), Importer.Options.defaults(), m -> { });
            }
            // at most every CHANGE_CHECK_NANOS a reader looks at the store's files: waited for, not slept through
            org.thordb.testing.Await.until(java.time.Duration.ofSeconds(20), () -> Games.count(reader, "year = 2002") == 300,
                    "the reader sees the year imported since it opened");
            assertEquals(600, reader.catalog().games());
            assertEquals(300, Games.reaching(reader, Position.start()).getCardinality() / 2);
            // a result taken before still reads its own view to the end
            int n = 1;
            while (it.hasNext()) {
                assertEquals(2001, it.next().year());
                n++;
            }
            assertEquals(300, n);
            before.close();
        }
    }

    @Test
    void removingABaseDeletesEverythingOfItInOneWriteAndTheRestStays() throws Exception {
        Path club = tmp.resolve("club");
        Path open = tmp.resolve("open");
        SampleBase.write(club, "CLUB", 2001, 2, 250, 7L);
        SampleBase.write(open, "OPEN", 2001, 1, 200, 8L);
        PlainScan clubScan = new PlainScan(club);
        Position f5d6 = Position.afterLine("f5d6");
        long clubF5d6 = clubScan.count(g -> g.canonicalPositions().contains(f5d6.canonical()));
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(club, open), Importer.Options.defaults(), m -> { });
            assertEquals(700, Games.count(db, ""));
            Engine.Removal r = db.removeBase("open"); // names of bases in any case
            assertEquals("OPEN", r.base());
            assertEquals(200, r.games());
            assertEquals(3, r.files(), "its game file and its two names files");
            assertEquals(0, r.verified().problems());
            assertEquals(500, r.verified().games());
            assertNull(db.catalog().base("OPEN"));
            assertEquals(500, Games.count(db, ""));
            assertEquals(0, Games.count(db, "base = \"OPEN\""));
            assertEquals(clubF5d6, Games.reaching(db, f5d6).getCardinality(), "no position entry of OPEN is left");
            assertEquals(clubScan.count(g -> g.year() == 2001), Games.count(db, "year = 2001"));
            ThorDbException again = assertThrows(ThorDbException.class, () -> db.removeBase("OPEN"));
            assertEquals(ErrorCode.BAD_ARGUMENT, again.code());
            assertTrue(again.getMessage().contains("its bases: CLUB"), again.getMessage());
            // imported again, it comes back whole
            db.importFiles(List.of(open), Importer.Options.defaults(), m -> { });
            assertEquals(700, Games.count(db, ""));
            assertEquals(0, db.verify(false, m -> { }).problems());
        }
        try (Engine ro = Engine.openReadOnly(tmp.resolve("db"))) {
            assertEquals(ErrorCode.READ_ONLY, assertThrows(ThorDbException.class, () -> ro.removeBase("OPEN")).code());
        }
    }

    @Test
    void namesMatchWithoutAccentsAndAnUnknownNameGetsTheStoredSpelling() {
        NameIndex ix = new NameIndex(List.of("Préqualif de Paris", "Tastet Marc", "Müller Hans", "Tastet Serge"));
        assertEquals(List.of(0), box(ix.matching("prequalif de paris", false)));
        assertEquals(List.of(0), box(ix.matching("PRÉQUALIF  DE PARIS", false)));
        assertEquals(List.of(2), box(ix.matching("muller", true)));
        assertEquals(List.of(2), box(ix.matching("Müll", true)));
        assertEquals("Tastet Marc", ix.nearest("Marc Tastet", 3).get(0));
        assertEquals("Tastet Marc", ix.nearest("tastet marx", 3).get(0));
        assertTrue(ix.nearest("Zzyzx Qq", 3).isEmpty());
        TestBase base = TestBase.sample();
        String player = base.player();
        String[] words = player.split(" ");
        String reversed = words[1] + " " + words[0];
        List<String> notes = Games.notes(base.db(), "year > 1990 and player = \"" + reversed + "\"");
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("no player is named \"" + reversed + "\"; did you mean \"" + player + "\""),
                notes.get(0));
        assertTrue(Games.notes(base.db(), "player = \"" + player + "\" or tournament ~ \"open\"").isEmpty());
        assertTrue(Games.notes(base.db(), "tournament ~ \"nowhere at all\"").get(0).startsWith("no tournament's name contains"));
    }

    static boolean hasWthor() {
        return org.thordb.testing.SharedData.hasWthor();
    }

    @Test
    @EnabledIf("hasWthor")
    void onTheFfoBaseAccentsAndFirstNamesFirst() {
        TestBase real = TestBase.real();
        long folded = real.scan().count(g -> java.text.Normalizer.normalize(g.tournament(), java.text.Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "").toLowerCase(java.util.Locale.ROOT).contains("prequalif"));
        assertTrue(folded > 3000, "the FFO base has thousands of games of prequalifications: " + folded);
        assertEquals(folded, Games.count(real.db(), "tournament ~ \"prequalif\""));
        assertEquals(folded, Games.count(real.db(), "tournament ~ \"préqualif\""));
        List<String> notes = Games.notes(real.db(), "player = \"Marc Tastet\"");
        assertEquals(List.of("no player is named \"Marc Tastet\"; did you mean \"Tastet Marc\"?"), notes);
        assertEquals(0, Games.count(real.db(), "player = \"Marc Tastet\""));
    }

    @Test
    void openingNamesAreReadCheckedAndLookedUpInAnyCase() {
        OpeningNames names = OpeningNames.standard();
        assertTrue(names.all().size() >= 20);
        for (OpeningNames.Named n : names.all()) {
            assertTrue(Replay.replay(n.line(), null).ok(), n.name()); // every built-in line is legal
            assertEquals(n.name(), names.nameOf(Replay.replay(n.line(), null).finalPosition()), n.name());
        }
        assertEquals("f5d6c3d3c4", Notation.line(names.line("TIGER")));
        assertEquals("f5f6e6f4e3c5c4", Notation.line(names.line("rose v toth")));
        // the tiger reached in another orientation is still the tiger
        assertEquals("Tiger", names.nameOf(Position.afterLine("e6f4c3c4d3")));
        assertNull(names.line("tigre"));
        assertEquals(List.of("Tiger"), names.near("tigre"));
        OpeningNames mine = OpeningNames.parse("# mine\nf5d6c3d3c4f4f6f3e6e7  Rose Test\n", "mine.txt");
        assertEquals("Rose Test", mine.nameOf(Position.afterLine("f5d6c3d3c4f4f6f3e6e7")));
        ThorDbException bad = assertThrows(ThorDbException.class, () -> OpeningNames.parse("f5d6\nf5f5 Nope\n", "bad.txt"));
        assertTrue(bad.getMessage().startsWith("bad.txt: line 1: an opening is its moves then its name"), bad.getMessage());
        ThorDbException illegal = assertThrows(ThorDbException.class, () -> OpeningNames.parse("f5f5 Nope\n", "bad.txt"));
        assertTrue(illegal.getMessage().startsWith("bad.txt: line 1: the line f5f5 is not legal"), illegal.getMessage());
        ThorDbException unknown = assertThrows(ThorDbException.class, () -> Games.count(TestBase.sample().db(), "opening = tigre"));
        assertTrue(unknown.getMessage().contains("no opening is named 'tigre'; did you mean Tiger?"), unknown.getMessage());
        assertFalse(Games.explain(TestBase.sample().db(), "opening = tiger").isEmpty());
    }

    private static List<Integer> box(int[] a) {
        List<Integer> out = new ArrayList<>();
        for (int v : a) {
            out.add(v);
        }
        return out;
    }
}
