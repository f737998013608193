package org.thordb;

import org.thordb.testing.TestBase;

/** The explorer on the sample's games in a store partly merged by {@code optimize} (see {@link TestBase#merged()}). */
class ExplorerMergedTest extends ExplorerContract {
    @Override
    TestBase base() {
        return TestBase.merged();
    }
}
