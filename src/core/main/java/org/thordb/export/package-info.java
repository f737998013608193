/**
 * Exports of a query's games: WTHOR files (one a year, names files with them), text records, PGN,
 * CSV and JSON lines, never over a file without force, never through a link.
 *
 * <pre>{@code
 * new Exporter(db, Path.of("out"), Exporter.Format.WTHOR, false, LocalDate.now()).export("year = 2015");
 * }</pre>
 */
package org.thordb.export;
