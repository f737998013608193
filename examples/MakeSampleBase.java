import java.nio.file.Path;
import org.thordb.sample.SampleBase;

/**
 * Writes a sample WTHOR base of random legal games (with passes and early endings, made-up players
 * and tournaments): {@code MakeSampleBase DIR [PREFIX FIRST_YEAR YEARS GAMES_A_YEAR SEED]}.
 * {@code tools/thordb demo} makes the default one in examples/sample-base.
 */
public class MakeSampleBase {
    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "examples/sample-base");
        String prefix = args.length > 1 ? args[1] : "SAMPLE";
        int first = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        int years = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int games = args.length > 4 ? Integer.parseInt(args[4]) : 2000;
        long seed = args.length > 5 ? Long.parseLong(args[5]) : 42L;
        for (Path p : SampleBase.write(dir, prefix, first, years, games, seed)) {
            System.out.println(p);
        }
    }
}
