import java.nio.file.Path;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.Game;
import org.thordb.ThorDb;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;

/** thordb embedded in a program: import, count, and list the games that reach a position. */
public class EmbedThorDb {
    public static void main(String[] args) {
        Path store = Path.of(args.length > 0 ? args[0] : "store");
        Path wthor = Path.of(args.length > 1 ? args[1] : "../shared/data/wthor");
        try (ThorDb db = ThorDb.open(store)) {
            ImportReport report = db.importFiles(List.of(wthor), Importer.Options.defaults(), line -> { });
            System.out.println(report.summary());
            System.out.println("games of Tastet Marc opening f5d6: "
                    + db.count("player = \"Tastet Marc\" and opening = f5d6"));
            Position p = Position.afterLine("f5d6c3d3c4f4f6f3e6e7");
            RoaringBitmap ids = db.position(p);
            System.out.println("games reaching f5d6c3d3c4f4f6f3e6e7: " + ids.getCardinality());
            List<Game> games = db.games(ids);
            for (Game g : games.subList(0, Math.min(3, games.size()))) {
                System.out.println(g.year() + " " + g.black() + " - " + g.white() + " " + g.score() + " " + g.moves());
            }
        }
    }
}
