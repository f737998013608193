/**
 * The {@code thordb} command line (picocli): one small class a command, each returning its exit
 * status; errors are one line on stderr, stack traces only with {@code --debug}; the REPL on JLine.
 *
 * <pre>{@code
 * int status = Main.run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), "count", "year >= 2000");
 * }</pre>
 */
package org.thordb.cli;
