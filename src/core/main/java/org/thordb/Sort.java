package org.thordb;

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
}
