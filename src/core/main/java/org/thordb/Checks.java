package org.thordb;

import org.thordb.fault.Faults;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/** The argument checks of the front and its values: a null is a {@link ErrorCode#BAD_ARGUMENT}, never a NullPointerException. */
final class Checks {
    private Checks() {
    }

    static <T> T notNull(T value, String what) {
        if (value == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, what + " is null");
        }
        return value;
    }

    /** An unmodifiable copy of a list that is not null and holds no null. */
    static <T> List<T> list(List<T> values, String what) {
        notNull(values, what);
        for (T v : values) {
            notNull(v, "an element of " + what);
        }
        return List.copyOf(values);
    }
}
