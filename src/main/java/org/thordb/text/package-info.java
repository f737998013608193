/**
 * The text game record: {@code MOVES: f5 d6 …} and {@code RESULT: BLACK|WHITE|DRAW|IN_PROGRESS};
 * load, save, validate and replay, strict or lenient.
 *
 * <pre>{@code
 * TextGameRecord r = TextGameRecords.parse("MOVES: f5 d6 c3\nRESULT: IN_PROGRESS");
 * TextGameRecords.validate(r).ifPresent(System.err::println);
 * }</pre>
 */
package org.thordb.text;
