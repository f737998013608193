package org.thordb.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Replay;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/** The embedding example runs on the FFO base and says what a plain replay of every game says. */
class EmbedThorDbIT {
    @TempDir
    Path tmp;

    @Test
    void theEmbeddingExampleRunsAndAgreesWithAPlainScan() throws Exception {
        Path wthor = SharedData.dir("wthor");
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            EmbedThorDb.main(new String[] {tmp.resolve("store").toString(), wthor.toString()});
        } finally {
            System.setOut(out);
        }
        String printed = buf.toString(StandardCharsets.UTF_8);
        PlainScan scan = new PlainScan(wthor);
        assertTrue(printed.contains("imported " + scan.games().size() + " games from 41 files"), printed);
        var target = Replay.replay(Notation.parseLine("f5d6c3d3c4f4f6f3e6e7"), null).finalPosition().canonical();
        long reaching = scan.count(g -> g.canonicalPositions().contains(target));
        assertTrue(printed.contains("games reaching f5d6c3d3c4f4f6f3e6e7: " + reaching), printed + " want " + reaching);
        assertTrue(!printed.contains("refused"), printed);
    }
}
