package org.thordb;

import org.thordb.testing.TestBase;

/** The explorer on the FFO base of {@code ../shared/data/wthor} (skipped when it is missing). */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@org.thordb.testing.FullTier
class ExplorerRealTest extends ExplorerContract {
    @Override
    TestBase base() {
        return TestBase.real();
    }
}
