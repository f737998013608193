package org.thordb;

import org.thordb.testing.TestBase;

/** Board conditions and statistics on the generated sample base: runs in every clone. */
class BoardAndStatsTest extends BoardAndStatsContract {
    @Override
    TestBase base() {
        return TestBase.sample();
    }
}
