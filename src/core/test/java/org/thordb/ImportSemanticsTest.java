package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.store.Keys;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.SharedData;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;

@org.thordb.testing.FullTier
class ImportSemanticsTest {
    @TempDir
    Path tmp;

    private final List<String> messages = new ArrayList<>();

    private ImportReport importInto(Engine db, Path... paths) {
        return importInto(db, Importer.Options.defaults(), paths);
    }

    private ImportReport importInto(Engine db, Importer.Options o, Path... paths) {
        messages.clear();
        return db.importFiles(List.of(paths), o, messages::add);
    }

    private static List<WthorGame> randomGames(long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<WthorGame> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(SampleBase.randomGame(rnd, 10, 3));
        }
        return out;
    }

    private static Path writeYear(Path dir, String name, int year, LocalDate made, List<WthorGame> games) {
        Path f = dir.resolve(name);
        try (WthorWriter w = WthorWriter.create(f, WthorKind.GAMES_8, WthorHeader.forGames(made, games.size(), year, 8, 22))) {
            games.forEach(w::write);
        }
        return f;
    }

    private static void writeNames(Path dir, String prefix, int players, int tournaments) {
        List<String> p = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            p.add("Player " + i);
        }
        List<String> t = new ArrayList<>();
        for (int i = 0; i < tournaments; i++) {
            t.add("Tournament " + i);
        }
        NameList.of(WthorKind.PLAYERS, LocalDate.of(2020, 1, 1), p).write(dir.resolve(prefix + ".JOU"));
        NameList.of(WthorKind.TOURNAMENTS, LocalDate.of(2020, 1, 1), t).write(dir.resolve(prefix + ".TRN"));
    }

    private static Position endOf(WthorGame g) {
        return Replay.replay(g.squares(), null).finalPosition();
    }

    @Test
    void aNewerReleaseReplacesItsYearAndAnOlderOneIsRefused() throws Exception {
        Path v1 = Files.createDirectories(tmp.resolve("v1"));
        Path v2 = Files.createDirectories(tmp.resolve("v2"));
        writeNames(v1, "WTHOR", 10, 3);
        writeNames(v2, "WTHOR", 10, 3);
        List<WthorGame> old = randomGames(1, 300);
        List<WthorGame> fresh = randomGames(2, 200);
        List<WthorGame> other = randomGames(3, 100);
        Path oldFile = writeYear(v1, "WTH_2020.wtb", 2020, LocalDate.of(2021, 1, 1), old);
        writeYear(v1, "WTH_2019.wtb", 2019, LocalDate.of(2021, 1, 1), other);
        Path newFile = writeYear(v2, "WTH_2020.wtb", 2020, LocalDate.of(2022, 6, 1), fresh);
        Path db = tmp.resolve("db");
        int oldSegment;
        try (Engine t = Engine.open(db)) {
            ImportReport r = importInto(t, v1);
            assertEquals(400, r.games());
            oldSegment = t.catalog().gameFiles().stream().filter(f -> f.year() == 2020).findFirst().orElseThrow().segment();
            assertTrue(Games.reaching(t, endOf(old.get(0))).getCardinality() >= 1);

            r = importInto(t, newFile);
            assertEquals(200, r.replacedGames());
            assertEquals(0, r.newGames());
            assertTrue(messages.stream().anyMatch(m -> m.contains("replaced year 2020 of WTHOR (300 games of 2021-01-01)"
                    + " with 200 games of 2022-06-01")), messages.toString());
            assertEquals(200, Games.count(t, "year = 2020"));
            assertEquals(100, Games.count(t, "year = 2019"));
            assertEquals(300, Games.count(t, "year >= 1900"));
            for (int i = 0; i < 200; i++) {
                StoredGame g = Games.game(t, "WTHOR", 2020, i).orElseThrow();
                assertEquals(fresh.get(i), g.record68());
            }
            assertTrue(Games.game(t, "WTHOR", 2020, 250).isEmpty(), "record 250 went with the old release");
            // a final position of the old release only is found no more
            for (WthorGame g : old.subList(0, 30)) {
                Position end = endOf(g);
                long inFresh = fresh.stream().filter(h -> endOf(h).canonical().equals(end.canonical())).count()
                        + other.stream().filter(h -> endOf(h).canonical().equals(end.canonical())).count();
                assertEquals(inFresh, Games.reaching(t, end).getCardinality());
            }

            long before = Games.count(t, "year >= 1900");
            r = importInto(t, oldFile);
            assertEquals(1, r.refused());
            assertTrue(messages.get(messages.size() - 1).contains(oldFile + ": refused: this release of 2020 was made"
                    + " 2021-01-01, older than the stored one of 2022-06-01 (WTH_2020.wtb)"), messages.toString());
            assertEquals(before, Games.count(t, "year >= 1900"));
            assertEquals(200, Games.count(t, "year = 2020"));
        }
        // nothing of the old segment is left in any key space
        try (Store s = RocksStore.open(db); Store.View v = s.view()) {
            for (Store.Space sp : List.of(Store.Space.TERMS, Store.Space.POSITIONS)) {
                int[] left = {0};
                v.scan(sp, new byte[0], null, (k, val) -> {
                    if (Keys.getU32(k, k.length - 4) == oldSegment) {
                        left[0]++;
                    }
                    return true;
                });
                assertEquals(0, left[0], sp + " keys of the replaced segment");
            }
            int[] blocks = {0};
            int[] all = {0};
            v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> {
                all[0]++;
                blocks[0] += org.thordb.index.FingerprintBlock.segmentOf(k) == oldSegment ? 1 : 0;
                return true;
            });
            assertEquals(0, blocks[0]);
            assertTrue(all[0] > 0);
        }
    }

    @Test
    void damagedGamesAreKeptMarkedNamedAndIndexedUpToTheDamage() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("base"));
        writeNames(dir, "WTHOR", 10, 3);
        List<WthorGame> games = new ArrayList<>(randomGames(5, 6));
        byte[] badByte = games.get(1).bytes();
        badByte[8 + 20] = 99; // move 21 is no square
        games.set(1, new WthorGame(badByte, 8));
        byte[] illegal = games.get(2).bytes();
        illegal[8 + 10] = illegal[8]; // move 11 replays the first move's square: occupied
        games.set(2, new WthorGame(illegal, 8));
        byte[] unknown = games.get(3).bytes();
        unknown[2] = 44; // black player 44 of 10
        games.set(3, new WthorGame(unknown, 8));
        Path f = writeYear(dir, "WTH_2001.wtb", 2001, LocalDate.of(2002, 1, 1), games);
        try (Engine t = Engine.open(tmp.resolve("db"))) {
            ImportReport r = importInto(t, dir);
            assertEquals(6, r.games());
            assertEquals(3, r.damaged());
            Path abs = f.toAbsolutePath().normalize();
            assertTrue(messages.contains(abs + ": record 1: move 21: byte 99 is not a square (record byte 28)"), messages.toString());
            assertTrue(messages.stream().anyMatch(m -> m.startsWith(abs + ": record 2: move 11 ")
                    && m.endsWith(": the square is occupied")), messages.toString());
            assertTrue(messages.contains(abs + ": record 3: unknown black player number 44 (the names file has 10)"),
                    messages.toString());
            StoredGame g1 = Games.game(t, "WTHOR", 2001, 1).orElseThrow();
            assertArrayEquals(badByte, g1.record68().bytes());
            assertNotNull(g1.damage());
            assertNull(Games.game(t, "WTHOR", 2001, 0).orElseThrow().damage());
            // positions up to the damage are found, the ones past it are not
            int[] sq = games.get(2).squares();
            Position before = Replay.replay(sq, 10, null).finalPosition();
            assertTrue(Games.reaching(t, before).contains(g1.id() + 1));
            Position tenth = Replay.replay(sq, 9, null).finalPosition();
            assertTrue(Games.reaching(t, tenth).contains(g1.id() + 1));
            assertEquals(10, readValidMoves(t, g1.id() + 1));
            assertEquals(20, readValidMoves(t, g1.id()));
            int[] bad = games.get(1).squares();
            Position at20 = Replay.replay(bad, 20, null).finalPosition();
            assertTrue(Games.reaching(t, at20).contains(g1.id()));
        }
        try (Engine t = Engine.open(tmp.resolve("strict"))) {
            ImportReport r = importInto(t, new Importer.Options(true, null, List.of()), dir);
            assertEquals(1, r.refused());
            assertEquals(0, r.games());
            assertEquals(0, t.catalog().games());
            assertTrue(messages.stream().anyMatch(m -> m.contains("record 1: refused (strict import): move 21: byte 99 is not a"
                    + " square (record byte 28) (and 2 more damaged games)")), messages.toString());
        }
    }

    private static int readValidMoves(Engine t, int id) {
        return t.read(r -> r.game(id).validMoves());
    }

    private static void assertArrayEquals(byte[] a, byte[] b) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(a, b);
    }

    @Test
    void aFileBrokenAsAWholeIsRefusedWithItsOffsetAndNothingStored() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("broken"));
        Path good = writeYear(dir, "WTH_2003.wtb", 2003, LocalDate.of(2004, 1, 1), randomGames(9, 5));
        byte[] b = Files.readAllBytes(good);
        Path truncated = dir.resolve("WTH_2004.wtb");
        Files.write(truncated, java.util.Arrays.copyOf(b, b.length - 10));
        Path wrongN1 = dir.resolve("WTH_2005.wtb");
        byte[] w = b.clone();
        w[4] = 9;
        Files.write(wrongN1, w);
        try (Engine t = Engine.open(tmp.resolve("db"))) {
            ImportReport r = importInto(t, truncated, wrongN1, good);
            assertEquals(2, r.refused());
            assertEquals(5, r.games());
            assertEquals(1, t.catalog().gameFiles().size());
            assertTrue(messages.contains(truncated.toAbsolutePath() + ": the file ends in a partial record: 58 bytes after"
                    + " 4 whole 68-byte records (byte offset 288)"), messages.toString());
            assertTrue(messages.contains(wrongN1.toAbsolutePath() + ": header N1 is 9 but the file holds 5 games"
                    + " (byte offset 4)"), messages.toString());
        }
    }

    @Test
    void basesAreTheNamesFilesBesideTheGames() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mixed"));
        writeNames(dir, "PLAYOK", 10, 3);
        writeNames(dir, "WTH", 10, 3);
        writeYear(dir, "PLAYOK_2023.wtb", 2023, LocalDate.of(2024, 1, 1), randomGames(11, 7));
        writeYear(dir, "WTH_2023.wtb", 2023, LocalDate.of(2024, 1, 1), randomGames(12, 5));
        Path alone = Files.createDirectories(tmp.resolve("alone"));
        writeNames(alone, "CLUB", 10, 3);
        writeYear(alone, "games_1999.wtb", 1999, LocalDate.of(2000, 1, 1), randomGames(13, 4));
        try (Engine t = Engine.open(tmp.resolve("db"))) {
            importInto(t, dir, alone);
            assertEquals(7, Games.count(t, "base = \"PLAYOK\""));
            assertEquals(5, Games.count(t, "base = \"wthor\""));
            assertEquals(4, Games.count(t, "base = \"CLUB\""));
            assertEquals(12, Games.count(t, "year = 2023"));
            assertEquals(List.of("CLUB", "PLAYOK", "WTHOR"),
                    t.catalog().bases().stream().map(org.thordb.store.Catalog.Base::name).sorted().toList());
            Path forced = Files.createDirectories(tmp.resolve("forced"));
            writeYear(forced, "x_1990.wtb", 1990, LocalDate.of(2000, 1, 1), randomGames(14, 3));
            importInto(t, new Importer.Options(false, "club", List.of(alone.resolve("CLUB.JOU"), alone.resolve("CLUB.TRN"))),
                    forced);
            assertEquals(7, Games.count(t, "base = \"CLUB\""));
            assertEquals("Player " + Games.game(t, "CLUB", 1990, 0).orElseThrow().record68().black(),
                    Games.game(t, "CLUB", 1990, 0).orElseThrow().black());
        }
    }

    @Test
    void aNewerNamesFileOfTheBaseReplacesTheNames() throws Exception {
        Path older = SharedData.dir("wthor");
        Path newer = SharedData.dir("wthor-2025-11");
        NameList a = NameList.read(older.resolve("WTHOR.JOU"));
        NameList b = NameList.read(newer.resolve("WTHOR.JOU"));
        int renamed = -1;
        for (int i = 0; i < a.size(); i++) {
            if (!a.name(i).equals(b.name(i))) {
                renamed = i;
                break;
            }
        }
        assertTrue(renamed >= 0, "the newer release renames somebody");
        String oldName = a.name(renamed);
        String newName = b.name(renamed);
        try (Engine t = Engine.open(tmp.resolve("db"))) {
            importInto(t, older.resolve("WTHOR.JOU"), older.resolve("WTHOR.TRN"), older.resolve("WTH_1999.wtb"),
                    older.resolve("WTH_2000.wtb"), older.resolve("WTH_2001.wtb"), older.resolve("WTH_2002.wtb"));
            long games = Games.count(t, "player = \"" + oldName + "\"");
            assertEquals(a.size(), t.catalog().base("WTHOR").players().size());
            ImportReport r = importInto(t, newer);
            assertEquals(2010, r.newGames());
            assertEquals(2, r.names(), messages.toString());
            assertEquals(b.size(), t.catalog().base("WTHOR").players().size());
            assertEquals(games, Games.count(t, "player = \"" + newName + "\""), newName);
            assertEquals(0, Games.count(t, "player = \"" + oldName + "\""));
            assertEquals(2010, Games.count(t, "year = 2025"));
            // the older names file again is refused and changes nothing
            r = importInto(t, older.resolve("WTHOR.JOU"));
            assertEquals(1, r.refused());
            assertFalse(t.catalog().base("WTHOR").players().contains(oldName) && !oldName.equals(newName));
        }
    }
}
