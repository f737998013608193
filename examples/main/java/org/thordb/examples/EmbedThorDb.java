package org.thordb.examples;

import java.nio.file.Path;
import java.util.List;
import org.thordb.Exploration;
import org.thordb.Game;
import org.thordb.ImportResult;
import org.thordb.ImportedFile;
import org.thordb.NextMove;
import org.thordb.Page;
import org.thordb.SortKey;
import org.thordb.ThorDb;
import org.thordb.error.ThorDbException;

/**
 * thordb embedded in a program, through its public API only: import a folder of WTHOR files,
 * count a query, page through the games that reach a position, and explore what was played next.
 *
 * <p>Usage: {@code java -cp … org.thordb.examples.EmbedThorDb STORE WTHOR_FOLDER}
 */
public final class EmbedThorDb {
    private EmbedThorDb() {
    }

    public static void main(String[] args) {
        Path store = Path.of(args.length > 0 ? args[0] : "store");
        Path wthor = Path.of(args.length > 1 ? args[1] : "../shared/data/wthor");
        try (ThorDb db = ThorDb.open(store)) {
            ImportResult imported = db.importFiles(List.of(wthor));
            System.out.println("imported " + imported.games() + " games from " + imported.files().size() + " files");
            for (ImportedFile refused : imported.refused()) {
                System.out.println("refused: " + refused.reason() + " (" + refused.error() + ")");
            }
            System.out.println("games of Tastet Marc opening f5d6: "
                    + db.count("player = \"Tastet Marc\" and opening = f5d6"));

            String line = "f5d6c3d3c4f4f6f3e6e7";
            Page page = db.page("position = " + line, 0, 3, SortKey.YEAR.descending());
            System.out.println("games reaching " + line + ": " + page.total());
            for (Game g : page.games()) {
                System.out.println(g.year() + " " + g.black() + " - " + g.white() + " " + g.blackDiscs() + " " + g.moves());
            }
            Exploration next = db.explore("", line);
            for (NextMove m : next.moves()) {
                System.out.printf("%s %d games, Black %.1f discs on average%n", m.move(), m.games(), m.averageBlackDiscs());
            }
        } catch (ThorDbException e) {
            System.err.println(e.code() + ": " + e.getMessage());
            System.exit(2);
        }
    }
}
