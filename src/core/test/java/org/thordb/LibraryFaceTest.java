package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;

/**
 * The library as an embedder meets it: an export that replaces on request, progress told during
 * import, export, verify and fill, a query error's line, column and text as fields, a stream that
 * closes its result, a page size capped, and exceptions that only the library makes.
 */
class LibraryFaceTest {
    @TempDir
    Path tmp;

    /** One progress update. */
    record Update(String work, long done, long total) {
    }

    /** Each work's updates: done never goes back, never passes the total, and ends at it. */
    private static void wellFormed(List<Update> updates, String work, long total) {
        List<Update> of = updates.stream().filter(u -> u.work().equals(work)).toList();
        assertFalse(of.isEmpty(), "no " + work + " progress in " + updates);
        long last = -1;
        for (Update u : of) {
            assertTrue(u.done() >= last, work + " went back: " + of);
            assertTrue(u.total() < 0 || u.done() <= u.total(), work + " passed its total: " + u);
            last = u.done();
        }
        Update end = of.get(of.size() - 1);
        assertEquals(new Update(work, total, total), end, work + "'s last update");
    }

    @Test
    void progressReplacingExportCappedPageAndStreams() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 600, 7L);
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            List<Update> seen = new ArrayList<>();
            ImportResult r = db.importFiles(List.of(files), ImportOptions.defaults()
                    .progress((work, done, total) -> seen.add(new Update(work, done, total))));
            assertEquals(1200, r.games());
            wellFormed(seen, "import", 1200);

            // an export refuses to replace a file, and replaces it on request
            Path out = tmp.resolve("out");
            List<Path> first = db.export("year = 2001", out, ExportFormat.PGN);
            ThorDbException e = assertThrows(ThorDbException.class, () -> db.export("year = 2002", out, ExportFormat.PGN));
            assertEquals(ErrorCode.IO, e.code());
            assertTrue(e.getMessage().contains("ExportOptions.replacing()"), e.getMessage());
            String before = Files.readString(first.get(0));
            seen.clear();
            List<Path> again = db.export("year = 2002", out, ExportFormat.PGN, ExportOptions.defaults().replacing()
                    .progress((work, done, total) -> seen.add(new Update(work, done, total))));
            assertEquals(first, again);
            String after = Files.readString(again.get(0));
            assertTrue(!after.equals(before) && after.contains("[Date \"2002") && !after.contains("[Date \"2001"),
                    "the file holds 2002's games now");
            wellFormed(seen, "export", 600);

            // verify tells of the files it checks
            seen.clear();
            Verification v = db.verify(VerifyMode.CHECK, (work, done, total) -> seen.add(new Update(work, done, total)));
            assertEquals(0, v.problems());
            wellFormed(seen, "verify", 2);

            // a page holds at most MAX_PAGE games
            assertEquals(ThorDb.MAX_PAGE, db.page("", 0, ThorDb.MAX_PAGE).games().size());
            ThorDbException big = assertThrows(ThorDbException.class, () -> db.page("", 0, ThorDb.MAX_PAGE + 1));
            assertEquals(ErrorCode.BAD_ARGUMENT, big.code());

            // closing the stream closes the result and its snapshot
            QueryResult q = db.query("year = 2001");
            try (Stream<Game> s = q.stream()) {
                assertEquals(600, s.count());
            }
            assertEquals(ErrorCode.CLOSED, assertThrows(ThorDbException.class, q::count).code());
            // the games as text records without their theoretical scores
            Path text = db.export("year = 2002", tmp.resolve("text"), ExportFormat.TEXT).get(0);
            Files.write(text, Files.readAllLines(text).stream().filter(l -> !l.startsWith("THEORETICAL")).toList());
        }
        // a fill of those games tells of each game solved
        try (ThorDb db = ThorDb.open(tmp.resolve("from-text"))) {
            ImportResult in = db.importFiles(List.of(tmp.resolve("text")));
            assertEquals(600, in.games(), in.toString());
            assertEquals(600, db.count("theoretical = unknown"));
            List<Update> seen = new ArrayList<>();
            long filled = db.fillTheoretical("", 8, (work, done, total) -> seen.add(new Update(work, done, total)));
            // the sample's games stop anywhere: those that stop with more than 20 empties and moves
            // to play are left unknown (no solve would end); every other one is filled
            long left = db.count("theoretical = unknown");
            assertTrue(filled > 100 && filled + left == 600, filled + " filled, " + left + " left");
            // replayed: each game left unknown stops with more than 20 empties and moves to play; each filled one does not
            for (String q : List.of("theoretical = unknown", "theoretical = known")) {
                try (QueryResult games = db.query(q)) {
                    for (Game g : games) {
                        org.thordb.othello.Position end = org.thordb.othello.Position.afterLine(g.moves());
                        boolean unfinished = 64 - end.discs() > 20 && !end.isFinal();
                        assertEquals(q.endsWith("unknown"), unfinished, q + ": " + g.moves());
                    }
                }
            }
            wellFormed(seen, "fill", 600);
        }
    }

    @Test
    void aQueryErrorGivesItsLineColumnAndText() throws Exception {
        SampleBase.write(tmp.resolve("files"), "CLUB", 2001, 1, 10, 7L);
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            db.importFiles(List.of(tmp.resolve("files")));
            ThorDbException e = assertThrows(ThorDbException.class, () -> db.count("year = 19x0"));
            assertEquals(ErrorCode.QUERY, e.code());
            assertEquals(1, e.line().getAsInt());
            assertEquals(10, e.column().getAsInt(), e.getMessage());
            assertEquals("x0", e.offendingText().orElseThrow(), e.getMessage());
            ThorDbException two = assertThrows(ThorDbException.class, () -> db.count("year = 2001\nand plyer = \"A\""));
            assertEquals(2, two.line().getAsInt());
            assertEquals(5, two.column().getAsInt(), two.getMessage());
            assertEquals("plyer", two.offendingText().orElseThrow());
            ThorDbException end = assertThrows(ThorDbException.class, () -> db.count("year ="));
            assertEquals("", end.offendingText().orElseThrow(), "at the end of the query: " + end.getMessage());
            // not a query error: no line, column or text
            ThorDbException page = assertThrows(ThorDbException.class, () -> db.page("", -1, 10));
            assertTrue(page.line().isEmpty() && page.column().isEmpty() && page.offendingText().isEmpty());
        }
    }

    /** The error package makes nothing public but what a caller reads: no constructor, no helper. */
    @Test
    void onlyTheLibraryMakesItsExceptions() throws Exception {
        assertEquals(0, ThorDbException.class.getConstructors().length, "ThorDbException's public constructors");
        List<String> statics = new ArrayList<>();
        for (Method m : ThorDbException.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) {
                statics.add(m.getName());
            }
        }
        assertEquals(List.of(), statics, "ThorDbException's public static helpers");
        List<String> types = new ArrayList<>();
        for (Class<?> c : PublicApiContractTest.publicTypes("org.thordb.error")) {
            types.add(c.getSimpleName());
        }
        assertEquals(List.of("ErrorCode", "ThorDbException"), types.stream().sorted().toList());
        assertTrue(Arrays.stream(ThorDb.class.getMethods()).noneMatch(m -> m.getName().equals("engine")));
    }
}
