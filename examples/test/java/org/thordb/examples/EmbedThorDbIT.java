package org.thordb.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorReader;

/**
 * The embedding example runs (on the FFO base when it is there, else on a generated base, so that
 * it runs in every build) and says what a plain replay of every game says: the games imported and
 * the progress that led there, the games reaching a line, a query error's spot, a capped page,
 * and an export that a second run replaces.
 */
class EmbedThorDbIT {
    @TempDir
    Path tmp;

    private String run(Path wthor) {
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            EmbedThorDb.main(new String[] {tmp.resolve("store").toString(), wthor.toString(), tmp.resolve("export").toString()});
        } finally {
            System.setOut(out);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theEmbeddingExampleRunsAndAgreesWithAPlainScan() throws Exception {
        Path wthor = SharedData.root().resolve("wthor");
        if (!Files.isDirectory(wthor)) {
            System.out.println("EmbedThorDbIT: " + wthor + " not found: on a generated base");
            wthor = tmp.resolve("wthor");
            SampleBase.write(wthor, "WTHOR", 2013, 3, 700, 11L);
        }
        String printed = run(wthor);
        PlainScan scan = new PlainScan(wthor);
        int games = scan.games().size();
        assertTrue(printed.contains("imported " + games + " games from "), printed);
        assertTrue(printed.contains("import: 100% (" + games + " of " + games + ")"), printed);
        assertTrue(printed.lines().filter(l -> l.startsWith("import: ")).count() >= 3, "progress as the files go: " + printed);
        var target = Replay.replay(Notation.parseLine("f5d6c3d3c4f4f6f3e6e7"), null).finalPosition().canonical();
        long reaching = scan.count(g -> g.canonicalPositions().contains(target));
        assertTrue(printed.contains("games reaching f5d6c3d3c4f4f6f3e6e7: " + reaching), printed + " want " + reaching);
        assertTrue(printed.contains("query error at line 1, column 11: 'x0'"), printed);
        assertTrue(printed.contains("a page holds at most 1000 games (BAD_ARGUMENT)"), printed);
        assertTrue(!printed.contains("refused"), printed);

        // the export: the last year's games, all of them, with the progress to 100%
        int last = scan.games().stream().mapToInt(PlainScan.Game::year).max().orElseThrow();
        long ofLast = scan.count(g -> g.year() == last);
        Path file = tmp.resolve("export").resolve("WTH_" + last + ".wtb");
        assertTrue(printed.contains("exported the games of " + last + " into "), printed);
        assertTrue(printed.contains("export: 100% (" + ofLast + " of " + ofLast + ")"), printed);
        try (WthorReader r = WthorReader.open(file)) {
            assertEquals(ofLast, r.header().n1());
        }
        // a second run: the files are replaced, not refused
        String again = run(wthor);
        assertTrue(again.contains("exported the games of " + last + " into "), again);
        try (WthorReader r = WthorReader.open(file)) {
            assertEquals(ofLast, r.header().n1());
        }
    }
}
