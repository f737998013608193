/**
 * The indexes: postings of terms and positions as Roaring bitmaps of game ids, built a segment
 * (an imported file) at a time by {@link org.thordb.index.SegmentIndexer} and read by
 * {@link org.thordb.index.IndexReader}; positions are exact, fingerprint candidates replayed. A
 * merge group ({@link org.thordb.store.MergeGroup}) holds many segments' entries under one key,
 * read side by side with the segments' own.
 *
 * <pre>{@code
 * RoaringBitmap games = db.read(r -> r.term(Field.YEAR, Terms.year(2015)));
 * }</pre>
 */
package org.thordb.index;
