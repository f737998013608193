/**
 * thordb: an embedded, indexed store for Othello game databases in the WTHOR format. The front is
 * {@link org.thordb.ThorDb}; every failure is an {@link org.thordb.error.ThorDbException} with an
 * {@link org.thordb.error.ErrorCode}. The game's rules and notation ({@link org.thordb.othello}) and the
 * typed query ({@link org.thordb.query.Filter}) are the vocabulary of its calls. Everything else
 * (codecs, store, indexes, the query's parser and planner, use cases, engine) is internal and may change between versions.
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
    exports org.thordb.othello; // the game's rules and notation: positions, moves, sides
    exports org.thordb.wthor; // the WTHOR codec, for tools that read and write the files themselves
    exports org.thordb.query; // a query as a typed value (Filter), made once from text or from code

    // the catalog's rows are JSON, read and written by Jackson through their records
    opens org.thordb.store to com.fasterxml.jackson.databind;
}
