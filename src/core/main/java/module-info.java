/**
 * thordb: an embedded, indexed store for Othello game databases in the WTHOR format. The front is
 * {@link org.thordb.ThorDb}; every failure is an {@link org.thordb.error.ThorDbException} with an
 * {@link org.thordb.error.ErrorCode}. Everything else (codecs, rules, store, indexes, query language,
 * use cases, engine) is internal and may change between versions.
 */
module org.thordb {
    requires org.rocksdb; // RocksDB's jar under a stable name (thordb-rocksdbjni)
    requires org.antlr.antlr4.runtime;
    requires roaringbitmap;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.csv;
    requires com.ibm.icu;

    exports org.thordb;
    exports org.thordb.error;

    // the catalog's rows are JSON, read and written by Jackson through their records
    opens org.thordb.store to com.fasterxml.jackson.databind;
}
