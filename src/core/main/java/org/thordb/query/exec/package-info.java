/**
 * Evaluation of plans on the bitmaps of one consistent view.
 *
 * <pre>{@code
 * RoaringBitmap games = db.read(r -> QueryEngine.evaluate("opening = f5d6", r));
 * }</pre>
 */
package org.thordb.query.exec;
