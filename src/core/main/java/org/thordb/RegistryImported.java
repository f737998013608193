package org.thordb;

/**
 * What a player registry's import recorded ({@link ThorDb#importPlayers}).
 *
 * <p>Usage: {@code RegistryImported r = db.importPlayers(Path.of("players.csv"), "WTHOR", System.err::println);}
 *
 * @param base the base whose registry it is
 * @param players the players recorded
 * @param aliases the aliases added
 * @param leftOut the lines left out (each said as it was met)
 */
public record RegistryImported(String base, int players, int aliases, int leftOut) {
}
