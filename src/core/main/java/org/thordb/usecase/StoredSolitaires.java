package org.thordb.usecase;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.query.ast.Expr;
import org.thordb.query.exec.SolitaireFilter;
import org.thordb.query.parse.QueryParser;
import org.thordb.store.SolitaireRow;

/**
 * The stored solitaires a query over solitaires matches: what {@code thordb solitaires list}, the
 * REPL's {@code :solitaires} and the library's {@code solitaires} answer.
 *
 * <p>Usage: {@code List<SolitaireRow> rows = StoredSolitaires.matching(db, "empties = 20 and year >= 2000");}
 */
public final class StoredSolitaires {
    private StoredSolitaires() {
    }

    /**
     * The stored solitaires a query over solitaires matches (see {@link SolitaireFilter}:
     * {@code empties = 20 and year >= 2000}, {@code position = …} in any orientation; blank or null:
     * every one), by base, empties and record.
     *
     * @throws ThorDbException {@link ErrorCode#QUERY} for a bad query or a field solitaires lack
     */
    public static List<SolitaireRow> matching(Engine db, String query) {
        Expr e = QueryParser.parseOrBlank(query == null ? "" : query);
        return db.read(r -> {
            Predicate<SolitaireRow> test = SolitaireFilter.of(e, r.catalog());
            List<SolitaireRow> out = new ArrayList<>();
            for (SolitaireRow row : r.solitaires()) {
                if (test.test(row)) {
                    out.add(row);
                }
            }
            return out;
        });
    }
}
