package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/**
 * What the command line's {@code export} asks of the library's front: one file written whole, a
 * stream, the options a surface adds (a limit, positions, a split), and the refusals; the games
 * checked against the files read on their own and against the query's own games.
 */
class ExportFrontTest {
    @TempDir
    Path tmp;

    @Test
    void oneFileAStreamAndTheOptionsWriteWhatTheQueryMatches() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 30, 23L);
        int games = new PlainScan(files).games().size();
        Path store = tmp.resolve("db");
        try (ThorDb db = ThorDb.open(store)) {
            assertTrue(db.importFiles(List.of(files)).clean());

            Path pgn = tmp.resolve("out/all.pgn");
            Exported e = db.exportGamesToFile(Query.ALL, pgn, ExportFormat.PGN, ExportOptions.defaults());
            assertEquals(games, e.games());
            assertEquals(List.of(pgn), e.files());
            assertEquals(games, Files.readAllLines(pgn).stream().filter(l -> l.startsWith("[Event ")).count());
            assertTrue(Files.list(pgn.getParent()).allMatch(p -> p.equals(pgn)), "nothing left beside it");
            ThorDbException inTheWay = assertThrows(ThorDbException.class,
                    () -> db.exportGamesToFile(Query.ALL, pgn, ExportFormat.PGN, ExportOptions.defaults()));
            assertEquals(ErrorCode.IO, inTheWay.code());
            assertEquals(5, db.exportGamesToFile(Query.ALL, pgn, ExportFormat.PGN, ExportOptions.defaults().replacing().limit(5)).games());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.exportGamesToFile(Query.ALL, store.resolve("x.pgn"), ExportFormat.PGN, ExportOptions.defaults())).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.exportGamesToFile(Query.ALL, tmp.resolve("out"), ExportFormat.PGN, ExportOptions.defaults())).code());

            // a stream of JSON lines: the query's own games, in the one schema, the first five
            StringWriter w = new StringWriter();
            Exported s = db.exportGames(Query.parse("year = 2002"), w, ExportFormat.JSONL, ExportOptions.defaults().limit(5));
            assertEquals(5, s.games());
            List<String> want = new ArrayList<>();
            try (QueryResult r = db.query(Query.parse("year = 2002"))) {
                r.stream().limit(5).forEach(g -> want.add(g.json()));
            }
            assertEquals(want, w.toString().lines().toList());

            // positions: a row a move played, the header apart
            Path rows = tmp.resolve("rows.csv");
            Exported p = db.exportGamesToFile(Query.ALL, rows, ExportFormat.CSV, ExportOptions.defaults().positions());
            long moves = new PlainScan(files).games().stream().mapToLong(g -> g.game().squares().length).sum();
            assertEquals(moves, p.positionRows());
            assertEquals(moves + 1, Files.readAllLines(rows).size());

            // a split: every game in one part, the parts together every game
            Exported parts = db.exportGames(Query.ALL, tmp.resolve("split"), ExportFormat.JSONL,
                    ExportOptions.defaults().split("train=0.5,valid=0.5", 7));
            assertEquals(2, parts.files().size(), parts.toString());
            long lines = 0;
            for (Path f : parts.files()) {
                lines += Files.readAllLines(f).size();
            }
            assertEquals(games, lines);
            assertTrue(parts.describe("split").startsWith("exported " + games + " games into 2 files"), parts.describe("split"));

            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.exportGames(Query.ALL, new StringWriter(), ExportFormat.PGN, ExportOptions.defaults().positions())).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> ExportOptions.defaults().unknownTheoretical("guess")).code());
        }
    }
}
