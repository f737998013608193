package org.thordb.cli;

import org.thordb.usecase.StoredSolitaires;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.export.SolitaireExport;
import org.thordb.export.SolitaireMaker;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.othello.Symmetry;
import org.thordb.sample.SampleBase;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorWriter;

/**
 * Solitaire files imported as the solitaires of their base, asked about, written back byte for
 * byte, their damage and contradicted solutions named, and played in the REPL with {@code :try}.
 */
class SolitaireStoreTest {
    @TempDir
    Path tmp;

    @Test
    void solitairesAreImportedQueriedExportedAndTried() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 400, 12L);
        List<SolitaireMaker.Found> made;
        Path pzz;
        try (Engine db = Engine.open(tmp.resolve("maker"))) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            SolitaireMaker maker = new SolitaireMaker(db, 6);
            made = maker.make("", 0, n -> { }).found();
            pzz = maker.write(files, made, LocalDate.of(2026, 11, 20), false); // beside CLUB.JOU: base CLUB
        }
        assertTrue(made.size() >= 3, made.size() + " solitaires");
        Path db = tmp.resolve("db");
        List<String> said = new ArrayList<>();
        try (Engine store = Engine.open(db)) {
            ImportReport r = store.importFiles(List.of(files), Importer.Options.defaults(), said::add);
            assertEquals(made.size(), r.solitaires(), said.toString());
            assertTrue(said.contains(pzz + ": imported " + made.size() + " solitaires of 6 empties into base CLUB"), said.toString());
            List<SolitaireRow> all = StoredSolitaires.matching(store, "");
            assertEquals(made.size(), all.size());
            assertEquals(made.size(), StoredSolitaires.matching(store, "empties = 6 and base = \"CLUB\"").size());
            assertEquals(0, StoredSolitaires.matching(store, "empties = 7").size());
            String black = NameList.read(files.resolve("CLUB.JOU")).name((int) made.get(0).record().blackPlayer());
            long plain = made.stream().filter(f -> NameList.read(files.resolve("CLUB.JOU")).name((int) f.record().blackPlayer())
                    .equals(black) || NameList.read(files.resolve("CLUB.JOU")).name((int) f.record().whitePlayer()).equals(black)).count();
            assertEquals(plain, StoredSolitaires.matching(store, "player = \"" + black + "\"").size());
            long y2002 = made.stream().filter(f -> f.game().year() == 2002).count();
            assertEquals(y2002, StoredSolitaires.matching(store, "year = 2002").size());
            // White's name, the tournament's (part of it), the game's real score and the record number,
            // each against the made solitaires read here
            NameList players = NameList.read(files.resolve("CLUB.JOU"));
            NameList tournaments = NameList.read(files.resolve("CLUB.TRN"));
            String white = players.name((int) made.get(0).record().whitePlayer());
            assertEquals(made.stream().filter(f -> players.name((int) f.record().whitePlayer()).equals(white)).count(),
                    StoredSolitaires.matching(store, "white = \"" + white + "\"").size());
            String tournament = tournaments.name(made.get(0).record().tournament());
            String tournamentPart = tournament.substring(tournament.length() - 3).toLowerCase(java.util.Locale.ROOT);
            assertEquals(made.stream().filter(f -> tournaments.name(f.record().tournament()).toLowerCase(java.util.Locale.ROOT)
                    .contains(tournamentPart)).count(), StoredSolitaires.matching(store, "tournament ~ \"" + tournamentPart + "\"").size());
            int score = made.get(0).record().realScore();
            assertEquals(made.stream().filter(f -> f.record().realScore() >= score).count(),
                    StoredSolitaires.matching(store, "score >= " + score).size());
            assertEquals(Math.min(2, made.size()), StoredSolitaires.matching(store, "record < 2").size());
            // the board's fields on the solitaire's position; questions of a game's moves refused by name
            int mid = made.stream().mapToInt(f -> Long.bitCount(f.record().blackDiscs())).sorted().toArray()[made.size() / 2];
            long manyBlack = made.stream().filter(f -> Long.bitCount(f.record().blackDiscs()) >= mid).count();
            assertTrue(manyBlack > 0, manyBlack + " of " + made.size());
            assertEquals(manyBlack, StoredSolitaires.matching(store, "discs(black) >= " + mid).size());
            for (String[] q : new String[][] {{"opening = f5", "is not a question about solitaires"},
                    {"theoretical > score", "is not a question about solitaires"},
                    {"discs(black) at move 20 > 10", "a solitaire is one position; its board's fields take no move"}}) {
                org.thordb.error.ThorDbException e = org.junit.jupiter.api.Assertions.assertThrows(
                        org.thordb.error.ThorDbException.class, () -> StoredSolitaires.matching(store, q[0]));
                assertEquals(org.thordb.error.ErrorCode.QUERY, e.code(), q[0]);
                assertTrue(e.getMessage().contains(q[1]), e.getMessage());
            }
            // its position in another orientation, as a 64-square board
            Position p = made.get(1).solitaire().position();
            Position turned = p.transform(Symmetry.values()[5]);
            List<SolitaireRow> found = StoredSolitaires.matching(store, "position = \"" + turned.toBoardString() + "\"");
            assertTrue(found.stream().anyMatch(s -> s.record() == 1), found.toString());
            assertTrue(StoredSolitaires.matching(store, "damaged = true").isEmpty(), "the generator's solutions are the solver's");
            // written back: the whole file byte for byte, a part with its own count
            List<Path> back = new SolitaireExport(store, tmp.resolve("back"), false, LocalDate.now()).export("");
            assertArrayEquals(Files.readAllBytes(pzz), Files.readAllBytes(back.get(0)));
            List<Path> part = new SolitaireExport(store, tmp.resolve("part"), false, LocalDate.now()).export("record < 2");
            try (WthorReader w = WthorReader.open(part.get(0))) {
                assertEquals(2, w.header().n1());
                assertEquals(6, w.header().n2());
                assertTrue(w.warnings().isEmpty(), w.warnings().toString());
                int i = 0;
                for (WthorSolitaire s : w.solitaires()) {
                    assertArrayEquals(made.get(i++).record().bytes(), s.bytes());
                }
            }
            assertEquals(0, store.verify(false, m -> { }).problems());
            ImportReport again = store.importFiles(List.of(pzz), Importer.Options.defaults(), said::add);
            assertEquals(1, again.skipped());
        }
        // a newer release with a wrong solution and a damaged record: kept and named
        Path bad = tmp.resolve("bad");
        Files.createDirectories(bad);
        Files.copy(files.resolve("CLUB.JOU"), bad.resolve("CLUB.JOU"));
        Files.copy(files.resolve("CLUB.TRN"), bad.resolve("CLUB.TRN"));
        Path tampered = bad.resolve("SOLITAIRES 06.PZZ");
        try (WthorWriter w = WthorWriter.create(tampered, WthorKind.SOLITAIRES, new WthorHeader(20, 26, 11, 22,
                made.size(), 6, 0, 8, 1, 0, 0))) {
            for (int i = 0; i < made.size(); i++) {
                byte[] b = made.get(i).record().bytes();
                if (i == 0) {
                    b[30] = (byte) (b[30] + 2); // the solution's score
                }
                if (i == 1) {
                    b[12] = (byte) 0x55; // squares coded 01: no such code
                }
                w.write(new WthorSolitaire(b));
            }
        }
        said.clear();
        try (Engine store = Engine.open(db)) {
            store.importFiles(List.of(tampered), Importer.Options.defaults(), said::add);
            assertTrue(said.stream().anyMatch(l -> l.startsWith(tampered + ": record 0: kept, its stored solution (")
                    && l.contains("is not perfect play: the solver gives")), said.toString());
            assertTrue(said.stream().anyMatch(l -> l.startsWith(tampered + ": record 1: kept, damaged: ")), said.toString());
            assertTrue(said.stream().anyMatch(l -> l.contains(": replaced SOLITAIRES 06.PZZ with " + made.size()
                    + " solitaires of 6 empties into base CLUB; 1 damaged kept; 1 whose solution the solver contradicts kept")),
                    said.toString());
            assertEquals(2, StoredSolitaires.matching(store, "damaged = true").size());
            assertEquals(0, store.verify(false, m -> { }).problems());
        }
        CommandsTest.Run info = CommandsTest.run("info", "--db", db.toString());
        assertTrue(info.out().contains("  solitaires: SOLITAIRES 06.PZZ, " + made.size()
                + " of 6 empties (1 damaged, 1 whose solution the solver contradicts)"), info.out());
        CommandsTest.Run listed = CommandsTest.run("query", "--db", db.toString(), "--solitaires", "record < 3");
        assertEquals(0, listed.status(), listed.err());
        assertTrue(listed.out().strip().endsWith("3 solitaires"), listed.out());
        CommandsTest.Run notAField = CommandsTest.run("query", "--db", db.toString(), "--solitaires", "moves > 3");
        assertEquals(2, notAField.status());
        assertTrue(notAField.err().contains("moves is not a field of solitaires"), notAField.err());
        // the REPL: list, show, try a wrong move, then the right ones to the end
        SolitaireMaker.Found f = made.get(0);
        Position start = f.solitaire().position();
        int wrong = -1;
        for (long m = start.legalMoves(); m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            if (sq != f.solitaire().firstMove()) {
                wrong = sq;
                break;
            }
        }
        StringBuilder input = new StringBuilder(":solitaires year >= 2001\n:solitaire 1\n");
        if (wrong >= 0) {
            input.append(":try ").append(org.thordb.othello.Notation.name(wrong)).append('\n');
        }
        List<Integer> line = f.solitaire().line();
        Position q = start;
        for (int m : line) {
            if (q.toMove() == start.toMove()) {
                input.append(":try ").append(org.thordb.othello.Notation.name(m)).append('\n');
            }
            q = q.play(m);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // the REPL on a store of the generator's file alone
        Path replDb = tmp.resolve("repl");
        try (Engine store = Engine.open(replDb)) {
            store.importFiles(List.of(pzz, files.resolve("CLUB.JOU"), files.resolve("CLUB.TRN")), Importer.Options.defaults(), m -> { });
        }
        try (ThorDb store = ThorDb.builder(replDb).readOnly().open();
             Terminal t = new DumbTerminal("test", "ansi", new ByteArrayInputStream(input.toString().getBytes(StandardCharsets.UTF_8)),
                     out, StandardCharsets.UTF_8)) {
            new Repl(store, t, tmp.resolve("history")).run();
        }
        String screen = out.toString(StandardCharsets.UTF_8);
        assertTrue(screen.contains(made.size() + " solitaires") && screen.contains("; :solitaire ROW shows one"), screen);
        assertTrue(screen.contains(" to play and " + (f.solitaire().score() > 0 ? "win" : "draw")
                + ": one move keeps it each time; :try MOVE"), screen);
        if (wrong >= 0) {
            assertTrue(screen.contains(org.thordb.othello.Notation.name(wrong) + " does not keep the "), screen);
        }
        assertTrue(screen.contains(org.thordb.othello.Notation.name(f.solitaire().firstMove()) + " keeps the "), screen);
        assertTrue(screen.contains("solved: " + q.blackDiscs() + "-" + q.whiteDiscs()), screen);
    }
}
