package org.thordb.wthor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.testing.SharedData;

/** Read → write gives back every real file byte for byte. */
@org.thordb.testing.FullTier
class RoundTripTest {
    @TempDir
    Path tmp;

    static Path rewrite(Path f, Path outDir) {
        Path out = outDir.resolve(f.getFileName());
        try (WthorReader r = WthorReader.open(f)) {
            WthorWriter w = r.kind() == WthorKind.SOLITAIRES
                    ? WthorWriter.createSolitaires(out, r.header(), r.presenceTable())
                    : WthorWriter.create(out, r.kind(), r.header());
            try (w) {
                if (r.kind().isGames()) {
                    for (WthorGame g : r.games()) {
                        w.write(g);
                    }
                } else {
                    for (byte[] b = r.nextRecord(); b != null; b = r.nextRecord()) {
                        w.write(b);
                    }
                }
            }
        }
        return out;
    }

    @Test
    void everyRealFileRoundTripsByteForByte() throws IOException {
        List<Path> all = new ArrayList<>(SharedData.files("wthor", ".wtb", ".jou", ".trn"));
        all.addAll(SharedData.files("wthor-2025-11", ".wtb", ".jou", ".trn"));
        assertEquals(39 + 2 + 3, all.size());
        for (Path f : all) {
            Path dir = Files.createDirectories(tmp.resolve(f.getParent().getFileName()));
            Path out = rewrite(f, dir);
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(out), f.toString());
        }
        try (var s = Files.list(tmp.resolve("wthor"))) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    @Test
    void namesFilesReadAsMeasured() {
        NameList players = NameList.read(SharedData.dir("wthor").resolve("WTHOR.JOU"));
        NameList tournaments = NameList.read(SharedData.dir("wthor").resolve("WTHOR.TRN"));
        assertEquals(3884, players.size());
        assertEquals(439, tournaments.size());
        assertTrue(players.names().contains("Tastet Marc"));
        assertTrue(tournaments.names().contains("Préqualif de Paris"), "ISO-8859-1 names decode");
        NameList newer = NameList.read(SharedData.dir("wthor-2025-11").resolve("WTHOR.JOU"));
        assertEquals(4412, newer.size());
        assertEquals("Haglund Harri", newer.name(296));
        assertEquals("Levanen Harri", players.name(296));
        int changed = 0;
        for (int i = 0; i < players.size(); i++) {
            if (!players.name(i).equals(newer.name(i))) {
                changed++;
            }
        }
        // data/README.md says 18 (e.g. Melnikov): the files themselves differ in 14 records
        assertEquals(14, changed, "names corrected between releases, numbers kept");
        NameList oldTrn = NameList.read(SharedData.dir("wthor").resolve("WTHOR.TRN"));
        NameList newTrn = NameList.read(SharedData.dir("wthor-2025-11").resolve("WTHOR.TRN"));
        assertEquals(463, newTrn.size());
        int renamed = 0;
        for (int i = 0; i < oldTrn.size(); i++) {
            renamed += oldTrn.name(i).equals(newTrn.name(i)) ? 0 : 1;
        }
        assertEquals(10, renamed);
    }

    @Test
    void headersOfTheFfoBase() {
        long games = 0;
        for (Path f : SharedData.files("wthor", ".wtb")) {
            try (WthorReader r = WthorReader.open(f)) {
                WthorHeader h = r.header();
                assertEquals(8, h.boardSize());
                assertEquals(0, h.gameType());
                assertEquals(24, h.depth());
                assertEquals(0, h.n2());
                assertEquals(r.recordCount(), h.n1());
                String name = f.getFileName().toString();
                assertEquals(Integer.parseInt(name.substring(4, 8)), h.gameYear());
                assertTrue(r.warnings().isEmpty());
                games += h.n1();
            }
        }
        assertEquals(117_435, games);
    }
}
