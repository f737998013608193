/**
 * Internal (not exported): the use cases, each the one place where a question becomes an answer
 * for every surface (the command line, the REPL, the server and the library's front). A use case
 * owns its policy; the surfaces only read their arguments and show the answer.
 *
 * <pre>{@code
 * Explore.Answer a = Explore.of(engine, Position.afterLine("f5d6c3"), "year >= 2000", Explore.Settings.DEFAULT);
 * a.values().values().forEach((move, value) -> System.out.println(Notation.name(move) + " " + value));
 * }</pre>
 */
package org.thordb.usecase;
