package org.thordb;

/**
 * A named opening: the line that reaches it ({@code f5d6c3d3c4}) and its name in the standard
 * list (the {@code opening = "Tiger"} of the query language).
 *
 * <p>Usage: {@code for (Opening o : ThorDb.openings()) System.out.println(o.line() + " " + o.name());}
 *
 * @param line its moves, as the notation writes them
 * @param name its name
 */
public record Opening(String line, String name) {
}
