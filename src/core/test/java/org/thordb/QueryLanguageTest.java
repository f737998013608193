package org.thordb;

import org.thordb.testing.TestBase;

/** The query language on the generated sample base: runs in every clone, with no outside data. */
class QueryLanguageTest extends QueryLanguageContract {
    @Override
    TestBase base() {
        return TestBase.sample();
    }
}
