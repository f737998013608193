package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/**
 * A release that replaces a year is a user's choice that can be undone: a file whose name and
 * header disagree is refused, naming both years; a release with fewer games says how many it drops;
 * the replaced release is kept ({@code thordb releases}) and {@code thordb undo} puts it back; an
 * older release goes in only with {@code --force}; {@code releases --prune} deletes what is kept.
 * Counts are checked against a plain scan of the files.
 */
@org.thordb.testing.FullTier
class ReleasesCommandsTest {
    @TempDir
    Path tmp;

    /** A file of the first {@code games} games of {@code from}, its header dated {@code century}{@code year} (byte 0 and 1). */
    private static void cut(Path from, Path to, int games, int century, int yearOfCentury) throws IOException {
        byte[] src = Files.readAllBytes(from);
        byte[] out = Arrays.copyOf(src, 16 + games * 68);
        out[0] = (byte) century;
        out[1] = (byte) yearOfCentury;
        ByteBuffer.wrap(out, 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(games);
        Files.write(to, out);
    }

    private static long count(Path db, String q) {
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), q);
        assertEquals(0, r.status(), r.out() + r.err());
        return Long.parseLong(r.out().strip().replace(",", ""));
    }

    @Test
    void aRenamedFileIsRefusedAndAReplacedYearCanBeUndone() throws IOException {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "CLUB", 2001, 3, 300, 5L);
        replacedReleasesRoundTrip(files, "CLUB", 2002);
    }

    @Test
    void theFfoBaseKeepsItsYearWhenAFileIsMisnamedOrShort() throws IOException {
        replacedReleasesRoundTrip(SharedData.dir("wthor"), "WTH", 1990);
    }

    private void replacedReleasesRoundTrip(Path files, String prefix, int year) throws IOException {
        Path db = tmp.resolve("db");
        CommandsTest.Run first = CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString());
        assertEquals(0, first.status(), first.err());
        PlainScan scan = new PlainScan(files);
        long all = scan.games().size();
        long ofYear = scan.count(g -> g.year() == year);
        Path genuine = files.resolve(prefix + "_" + year + ".wtb");

        // a short file of that year, made in 2030 and named for 2083: refused, naming both years
        Path fake = tmp.resolve("fake");
        Files.createDirectories(fake);
        cut(genuine, fake.resolve(prefix + "_2083.wtb"), 5, 20, 30);
        CommandsTest.Run renamed = CommandsTest.run("import", "--no-progress", "--db", db.toString(),
                fake.resolve(prefix + "_2083.wtb").toString());
        assertEquals(1, renamed.status(), renamed.out() + renamed.err());
        assertTrue(renamed.err().contains("its name says 2083 but its header says the games are of " + year), renamed.err());
        assertEquals(ofYear, count(db, "year = " + year));
        assertEquals(all, count(db, ""));

        // the same short file under the year's own name: it replaces the year, says what it drops, keeps the old
        Files.move(fake.resolve(prefix + "_2083.wtb"), fake.resolve(prefix + "_" + year + ".wtb"));
        CommandsTest.Run shorter = CommandsTest.run("import", "--no-progress", "--db", db.toString(),
                fake.resolve(prefix + "_" + year + ".wtb").toString());
        assertEquals(0, shorter.status(), shorter.out() + shorter.err());
        assertTrue(shorter.err().contains(String.format(java.util.Locale.ROOT, "%,d games fewer", ofYear - 5)), shorter.err());
        assertTrue(shorter.err().contains("'thordb undo' restores it"), shorter.err());
        assertEquals(5, count(db, "year = " + year));
        CommandsTest.Run kept = CommandsTest.run("releases", "--db", db.toString());
        assertTrue(kept.out().contains(String.format(java.util.Locale.ROOT, "year %d, %,d games", year, ofYear)), kept.out());

        // the genuine release is older than the fake's date: refused, with the way to force it
        CommandsTest.Run older = CommandsTest.run("import", "--no-progress", "--db", db.toString(), genuine.toString());
        assertEquals(1, older.status(), older.out() + older.err());
        assertTrue(older.err().contains("--force imports it in its place"), older.err());
        assertEquals(5, count(db, "year = " + year));

        // undo: the genuine year is back, every game as the files say
        CommandsTest.Run undo = CommandsTest.run("undo", "--db", db.toString());
        assertEquals(0, undo.status(), undo.out() + undo.err());
        assertEquals(ofYear, count(db, "year = " + year));
        assertEquals(all, count(db, ""));
        // undo again undoes the undo; --force then takes the genuine file on purpose
        assertEquals(0, CommandsTest.run("undo", "--db", db.toString()).status());
        assertEquals(5, count(db, "year = " + year));
        CommandsTest.Run forced = CommandsTest.run("import", "--no-progress", "--force", "--db", db.toString(),
                genuine.toString());
        assertEquals(0, forced.status(), forced.out() + forced.err());
        assertEquals(ofYear, count(db, "year = " + year));
        assertEquals(all, count(db, ""));
        String player = scan.games().stream().filter(g -> g.year() == year).findFirst().orElseThrow().black();
        assertEquals(scan.count(g -> g.black().equals(player) || g.white().equals(player)),
                count(db, "player = \"" + player + "\""));
        assertEquals(0, CommandsTest.run("verify", "--db", db.toString()).status());

        CommandsTest.Run pruned = CommandsTest.run("releases", "--db", db.toString(), "--prune");
        assertEquals(0, pruned.status(), pruned.err());
        assertTrue(pruned.out().contains("pruned 2 releases"), pruned.out());
        assertTrue(CommandsTest.run("releases", "--db", db.toString()).out().contains("0 replaced releases kept"));
        assertEquals(1, CommandsTest.run("undo", "--db", db.toString()).status(), "nothing left to undo");
        CommandsTest.Run v = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(0, v.status(), v.out() + v.err());
        assertEquals(all, count(db, ""));
    }

    @Test
    void aRefusedImportLeavesNoFolderBehind() throws IOException {
        Path db = tmp.resolve("a").resolve("b").resolve("store");
        Path bad = tmp.resolve("WTH_1999.wtb");
        Files.write(bad, new byte[] {1, 2, 3});
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", db.toString(), bad.toString());
        assertTrue(r.status() != 0, r.out() + r.err());
        assertTrue(!Files.exists(tmp.resolve("a")), "no folder made: " + r.err());
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        CommandsTest.Run r2 = CommandsTest.run("import", "--no-progress", "--db", empty.toString(), bad.toString());
        assertTrue(r2.status() != 0);
        try (var s = Files.list(empty)) {
            assertEquals(0, s.count(), "the empty folder given is left empty");
        }
    }
}
