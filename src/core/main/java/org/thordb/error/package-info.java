/**
 * The one unchecked exception type of thordb, {@link org.thordb.error.ThorDbException}, and its
 * {@link org.thordb.error.ErrorCode}s. Every call of thordb throws only this type for errors a
 * user can meet; its message is always one line, and what it is about (a file and record or byte
 * offset, a query's line, column and text) is in its fields. Only thordb makes them.
 *
 * <pre>{@code
 * try (ThorDb db = ThorDb.open(Path.of("store"))) {
 *     db.count("year = 19x0");
 * } catch (ThorDbException e) {
 *     System.out.println(e.code() + " at line " + e.line().orElse(0) + ", column " + e.column().orElse(0)
 *             + " (" + e.offendingText().orElse("") + "): " + e.getMessage());
 * }
 * }</pre>
 */
package org.thordb.error;
