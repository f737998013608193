/**
 * Games in text: thordb's {@code MOVES:}/{@code RESULT:} records (load, save, validate and replay,
 * strict or lenient), PGN, and every text source thordb imports as a base (GGS's GGF, PGN,
 * transcripts, Logistello's book, eOthello's CSV), told by their content and read one game at a
 * time with each game's bytes kept ({@link org.thordb.text.SourceReader}).
 *
 * <pre>{@code
 * TextGameRecord r = TextGameRecords.parse("MOVES: f5 d6 c3\nRESULT: IN_PROGRESS");
 * TextGameRecords.validate(r).ifPresent(System.err::println);
 * try (SourceReader games = SourceReader.open(Path.of("../shared/data/ggf/test-games.ggf"))) {
 *     for (SourceGame g : games) System.out.println(g.line() + ": " + g.black() + " - " + g.white());
 * }
 * }</pre>
 */
package org.thordb.text;
