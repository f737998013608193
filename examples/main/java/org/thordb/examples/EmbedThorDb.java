package org.thordb.examples;

import java.nio.file.Path;
import java.util.List;
import org.thordb.ExportFormat;
import org.thordb.ExportOptions;
import org.thordb.Exploration;
import org.thordb.Game;
import org.thordb.ImportOptions;
import org.thordb.ImportResult;
import org.thordb.ImportedFile;
import org.thordb.NextMove;
import org.thordb.Page;
import org.thordb.Progress;
import org.thordb.SortKey;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * thordb embedded in a program, through its public API only: import a folder of WTHOR files with
 * a progress line every tenth, count a query, show a query error where it is, page through the
 * games that reach a position (a page is capped), explore what was played next, and export a
 * year's games as WTHOR files, replacing those of the last run.
 *
 * <p>Usage: {@code java -cp … org.thordb.examples.EmbedThorDb STORE WTHOR_FOLDER EXPORT_FOLDER}
 */
public final class EmbedThorDb {
    private EmbedThorDb() {
    }

    /** A line each time a work passes a tenth of its total. */
    static Progress tenths() {
        long[] said = {-1};
        return (work, done, total) -> {
            if (total > 0) {
                long tenth = 10 * done / total;
                if (tenth != said[0]) {
                    said[0] = tenth;
                    System.out.println(work + ": " + 10 * tenth + "% (" + done + " of " + total + ")");
                }
            }
        };
    }

    public static void main(String[] args) {
        Path store = Path.of(args.length > 0 ? args[0] : "store");
        Path wthor = Path.of(args.length > 1 ? args[1] : "../shared/data/wthor");
        Path export = Path.of(args.length > 2 ? args[2] : "export");
        try (ThorDb db = ThorDb.open(store)) {
            ImportResult imported = db.importFiles(List.of(wthor), ImportOptions.defaults().progress(tenths()));
            System.out.println("imported " + imported.games() + " games from " + imported.files().size() + " files");
            for (ImportedFile refused : imported.refused()) {
                System.out.println("refused: " + refused.reason() + " (" + refused.error() + ")");
            }
            System.out.println("games of Tastet Marc opening f5d6: "
                    + db.count("player = \"Tastet Marc\" and opening = f5d6"));

            // a query error says where it is as fields, for an editor to underline
            try {
                db.count("year >= 19x0");
            } catch (ThorDbException e) {
                if (e.code() != ErrorCode.QUERY) {
                    throw e;
                }
                System.out.println("query error at line " + e.line().orElse(0) + ", column " + e.column().orElse(0)
                        + ": '" + e.offendingText().orElse("") + "'");
            }

            String line = "f5d6c3d3c4f4f6f3e6e7";
            Page page = db.page("position = " + line, 0, 3, SortKey.YEAR.descending());
            System.out.println("games reaching " + line + ": " + page.total());
            for (Game g : page.games()) {
                System.out.println(g.year() + " " + g.black() + " - " + g.white() + " " + g.blackDiscs() + " " + g.moves());
            }
            try {
                db.page("", 0, ThorDb.MAX_PAGE + 1);
            } catch (ThorDbException e) {
                System.out.println("a page holds at most " + ThorDb.MAX_PAGE + " games (" + e.code() + ")");
            }
            Exploration next = db.explore("", line);
            for (NextMove m : next.moves()) {
                System.out.printf("%s %d games, Black %.1f discs on average%n", m.move(), m.games(), m.averageBlackDiscs());
            }

            // the last year's games as WTHOR files: a second run replaces the first run's files
            int year = db.page("", 0, 1, SortKey.YEAR.descending()).games().get(0).year();
            List<Path> files = db.export("year = " + year, export, ExportFormat.WTHOR,
                    ExportOptions.defaults().replacing().progress(tenths()));
            System.out.println("exported the games of " + year + " into " + files.size() + " files in " + export);
        } catch (ThorDbException e) {
            System.err.println(e.code() + ": " + e.getMessage());
            System.exit(2);
        }
    }
}
