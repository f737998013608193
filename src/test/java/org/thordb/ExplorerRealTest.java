package org.thordb;

import org.thordb.testing.TestBase;

/** The explorer on the FFO base of {@code ../shared/data/wthor} (skipped when it is missing). */
class ExplorerRealTest extends ExplorerContract {
    @Override
    TestBase base() {
        return TestBase.real();
    }
}
