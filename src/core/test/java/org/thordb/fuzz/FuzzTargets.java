package org.thordb.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.WthorReplay;
import org.thordb.query.parse.QueryParser;
import org.thordb.text.SourceGame;
import org.thordb.text.SourceReader;
import org.thordb.text.TextGameRecord;
import org.thordb.text.TextGameRecords;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;

/**
 * Coverage-guided fuzzing (Jazzer) of every reader and parser: whatever the input, the only
 * failure allowed is a {@link ThorDbException}, one line long. In a normal test run these replay
 * their inputs ({@code src/core/test/resources/org/thordb/fuzz/FuzzTargetsInputs/…}: the crashers found
 * so far, kept as regression tests); {@code tools/fuzz} fuzzes them, seeded from the real files.
 */
@org.thordb.testing.FullTier
class FuzzTargets {

    private static void clean(Runnable r) {
        try {
            r.run();
        } catch (ThorDbException e) {
            if (e.getMessage() == null || e.getMessage().contains("\n")) {
                throw new AssertionError("an error message must be one line: " + e.getMessage(), e);
            }
        }
    }

    private static Path write(String name, byte[] data) throws IOException {
        Path dir = Files.createTempDirectory("thordb-fuzz");
        Path f = dir.resolve(name);
        Files.write(f, data);
        f.toFile().deleteOnExit();
        dir.toFile().deleteOnExit();
        return f;
    }

    private static void readAll(Path f) {
        try (WthorReader r = WthorReader.open(f)) {
            switch (r.kind()) {
                case GAMES_8, GAMES_10 -> {
                    for (WthorGame g : r.games()) {
                        g.damage();
                        WthorReplay.replay(g, null);
                        g.toString();
                    }
                }
                case SOLITAIRES -> {
                    for (WthorSolitaire s : r.solitaires()) {
                        s.damage();
                        s.blackDiscs();
                    }
                }
                case PLAYERS, TOURNAMENTS -> NameList.read(f).names();
                default -> throw new AssertionError(r.kind());
            }
        }
    }

    @FuzzTest(maxDuration = "60s")
    void wthorFiles(FuzzedDataProvider data) throws IOException {
        WthorKind kind = data.pickValue(WthorKind.values());
        Path f = write("F." + kind.extension(), data.consumeRemainingAsBytes());
        try {
            clean(() -> readAll(f));
        } finally {
            Files.deleteIfExists(f);
            Files.deleteIfExists(f.getParent());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void textRecords(String text) {
        clean(() -> {
            TextGameRecord r = TextGameRecords.parse(text);
            TextGameRecords.validate(r);
            TextGameRecords.replay(r, false);
            TextGameRecords.format(r);
        });
    }

    @FuzzTest(maxDuration = "60s")
    void textSources(byte[] data) throws IOException {
        Path f = write("F.txt", data);
        try {
            clean(() -> {
                try (SourceReader r = SourceReader.open(f)) {
                    for (SourceGame g : r) {
                        g.year();
                        g.moves();
                    }
                }
            });
        } finally {
            Files.deleteIfExists(f);
            Files.deleteIfExists(f.getParent());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void queries(String query) {
        clean(() -> QueryParser.parse(query));
    }

    @FuzzTest(maxDuration = "30s")
    void boardsAndLines(String text) {
        clean(() -> Position.parseBoard(text).canonical());
        clean(() -> Notation.parseLine(text));
    }
}
