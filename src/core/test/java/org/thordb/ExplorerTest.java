package org.thordb;

import org.thordb.testing.TestBase;

/** The explorer on the generated sample base: runs in every clone, with no outside data. */
class ExplorerTest extends ExplorerContract {
    @Override
    TestBase base() {
        return TestBase.sample();
    }
}
