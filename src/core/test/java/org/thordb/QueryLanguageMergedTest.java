package org.thordb;

import org.thordb.testing.TestBase;

/**
 * The query language on the sample's games in a store partly merged by {@code optimize}, with
 * files imported after the merge and a year replaced since (its old ids masked): every answer the
 * plain scan's.
 */
@org.thordb.testing.FullTier
class QueryLanguageMergedTest extends QueryLanguageContract {
    @Override
    TestBase base() {
        return TestBase.merged();
    }
}
