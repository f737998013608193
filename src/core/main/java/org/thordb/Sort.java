package org.thordb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.thordb.engine.GamePages;
import org.thordb.fault.Faults;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * One key of a page's order and its direction; made by {@link SortKey#ascending()} and
 * {@link SortKey#descending()}.
 *
 * <p>Usage: {@code Sort newestFirst = SortKey.YEAR.descending();}
 *
 * @param key what is compared
 * @param descending largest first
 */
public record Sort(SortKey key, boolean descending) {
    /** @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null key */
    public Sort {
        if (key == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a sort needs a key");
        }
    }

    /**
     * An order in the words the command line and the web API take: keys ({@code year, record,
     * score, theoretical, moves, black, white, tournament, base, id}) separated by commas, each
     * with {@code -} before it for largest first; case and spaces do not matter. Blank: no keys
     * (by id).
     *
     * <p>Usage: {@code db.sorted(Query.parse("year >= 2010"), Sort.parse("-score,year"), 20)}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for an empty or unknown key
     */
    public static List<Sort> parse(String keys) {
        String spec = Checks.notNull(keys, "the sort keys");
        if (spec.isBlank()) {
            return List.of();
        }
        List<Sort> out = new ArrayList<>();
        for (String key : spec.split(",", -1)) {
            String k = key.strip();
            boolean desc = k.startsWith("-");
            String name = (desc || k.startsWith("+") ? k.substring(1) : k).strip().toLowerCase(Locale.ROOT);
            if (name.isBlank()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "an empty sort key in '" + Faults.quote(spec)
                        + "': " + GamePages.KEYS + ", with commas between");
            }
            SortKey sk;
            try {
                sk = SortKey.valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown sort key '" + Faults.quote(name) + "': " + GamePages.KEYS);
            }
            out.add(new Sort(sk, desc));
        }
        return List.copyOf(out);
    }
}
