/**
 * Imports (one atomic write a file, releases replaced and refused by their dates, damaged games
 * kept and named; a text source — GGF, PGN, transcripts, … — as a base of its own, its games'
 * bytes kept), the merge of every file's postings into one merge group ({@code thordb optimize},
 * {@link org.thordb.ingest.Optimizer}) and the check of a store against its own records.
 *
 * <pre>{@code
 * ImportReport r = db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), System.err::println);
 * System.out.println(r.summary());
 * Optimizer.Report m = db.optimize(true, System.err::println);
 * StoreVerifier.Report v = db.verify(false, System.err::println);
 * }</pre>
 */
package org.thordb.ingest;
