/**
 * The indexes: postings of terms and positions as Roaring bitmaps of game ids, built a segment
 * (an imported file) at a time by {@link org.thordb.index.SegmentIndexer} and read by
 * {@link org.thordb.index.IndexReader}; positions are exact, fingerprint candidates replayed. A
 * merge group ({@link org.thordb.store.MergeGroup}) holds many segments' entries under one key,
 * read side by side with the segments' own. Beside them, tables derived once per store state and
 * kept in memory: the moves of every game ({@link org.thordb.index.MoveTable}) and when each game's
 * border squares were taken ({@link org.thordb.index.BorderPlies}), for the board patterns.
 *
 * <pre>{@code
 * RoaringBitmap games = db.read(r -> r.term(Field.YEAR, Terms.year(2015)));
 * }</pre>
 */
package org.thordb.index;
