/**
 * The indexes: postings of terms and positions as Roaring bitmaps of game ids, built a segment
 * (an imported file) at a time by {@link org.thordb.index.SegmentIndexer} and read by
 * {@link org.thordb.index.IndexReader}; positions are exact, fingerprint candidates replayed.
 *
 * <pre>{@code
 * RoaringBitmap games = db.read(r -> r.term(Field.YEAR, Terms.year(2015)));
 * }</pre>
 */
package org.thordb.index;
