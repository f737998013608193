package org.thordb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Fixtures the front's tests share. */
final class FrontFixtures {
    private FrontFixtures() {
    }

    /**
     * The first {@code games} games of WTHOR files written again as a text source (a transcript a
     * line, so no theoretical score), into {@code text}; read through a scratch store in {@code scratch}.
     */
    static Path textSourceOf(Path wthorFiles, int games, Path scratch, Path text) throws IOException {
        StringBuilder transcripts = new StringBuilder();
        try (ThorDb db = ThorDb.open(scratch)) {
            assertTrue(db.importFiles(List.of(wthorFiles)).clean());
            for (Game g : db.page("", 0, games).games()) {
                transcripts.append(g.moves()).append('\n');
            }
        }
        return Files.writeString(text, transcripts.toString());
    }
}
