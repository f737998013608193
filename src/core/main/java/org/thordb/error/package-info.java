/**
 * The one unchecked exception type of thordb, {@link org.thordb.error.ThorDbException}, and its
 * {@link org.thordb.error.ErrorCode}s. Every package of thordb throws only this type for errors a
 * user can meet; its message is always one line.
 *
 * <pre>{@code
 * try (WthorReader r = WthorReader.open(Path.of("WTH_2015.wtb"))) {
 *     for (WthorGame g : r.games()) System.out.println(g.blackScore());
 * } catch (ThorDbException e) {
 *     System.err.println(e.code() + " " + e.getMessage());
 * }
 * }</pre>
 */
package org.thordb.error;
