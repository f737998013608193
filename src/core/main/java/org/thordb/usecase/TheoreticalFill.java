package org.thordb.usecase;

import java.util.ArrayList;
import java.util.List;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.ingest.TheoreticalWriter;
import org.thordb.query.Filter;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;

/**
 * The theoretical scores a store knows, and the fill of those it does not ({@code thordb theoretical},
 * {@code ThorDb.fillTheoretical}): one owner of the policy every surface follows (the depth WTHOR's
 * files use, every core, each stored copy of a game filled), beside the check of the scores
 * ({@link TheoreticalCheck}). The solving and writing underneath is {@link TheoreticalWriter}'s.
 *
 * <p>Usage: {@code TheoreticalWriter.Report r = TheoreticalFill.fill(db, Filter.parse("year = 2024"), TheoreticalFill.Settings.DEFAULT, listener);}
 */
public final class TheoreticalFill {
    private TheoreticalFill() {
    }

    /**
     * How a fill solves.
     *
     * @param depth the empties the scores are computed at (1 to 60)
     * @param threads the games solved at once (1 or more)
     */
    public record Settings(int depth, int threads) {
        /** WTHOR's depth when a file says none (P3 = 0 after 2001), and the FFO's files': every surface's default. */
        public static final int DEFAULT_DEPTH = 22;

        /** At {@link #DEFAULT_DEPTH} empties, on every core. */
        public static final Settings DEFAULT = new Settings(DEFAULT_DEPTH, Math.max(1, Runtime.getRuntime().availableProcessors()));

        /** @throws org.thordb.error.ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a depth or threads out of range */
        public Settings {
            TheoreticalWriter.check(depth, threads);
        }
    }

    /**
     * A base's theoretical scores among the games asked about.
     *
     * @param base the base's name
     * @param games its games the filter matches
     * @param known of those, the games whose theoretical score is known
     * @param filled the games of its files whose score a fill wrote
     */
    public record BaseScores(String base, long games, long known, long filled) {
        /** The games whose score is unknown. */
        public long unknown() {
            return games - known;
        }
    }

    /** Known and unknown scores among a filter's games, a row a base that has some (in the bases' order). */
    public static List<BaseScores> summary(Engine db, Filter scope) {
        Catalog c = db.catalog();
        List<BaseScores> out = new ArrayList<>();
        for (Catalog.Base b : c.bases()) {
            Filter base = scope.inBase(b.name());
            long n = Games.count(db, base);
            if (n == 0) {
                continue;
            }
            long known = Games.count(db, base.theoretical(true));
            long filled = c.gameFiles().stream().filter(f -> f.base() == b.id()).mapToLong(FileRow::filledGames).sum();
            out.add(new BaseScores(b.name(), n, known, filled));
        }
        return out;
    }

    /**
     * Solves the unknown theoretical scores of a filter's games (every stored copy) and writes them
     * into the store in atomic batches: a kill keeps what was written, and the next fill goes on
     * from there. Known scores are left as they are.
     *
     * @throws org.thordb.error.ThorDbException with {@link ErrorCode#READ_ONLY} on a store opened read-only
     */
    public static TheoreticalWriter.Report fill(Engine db, Filter scope, Settings s, TheoreticalWriter.Listener listener) {
        return db.fillTheoretical(scope, s.depth(), s.threads(), listener);
    }
}
