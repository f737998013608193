package org.thordb.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;

/**
 * The independent path the store is checked against: every game of a set of WTHOR files read with
 * the codecs and replayed with {@link Replay}, with no store and no index involved.
 */
public final class PlainScan {
    /** One game as the files say. */
    public record Game(String file, int year, int record, WthorGame game, String black, String white,
                       String tournament) {
        /** Every position the game reaches, from the start, canonical. */
        public List<Position> canonicalPositions() {
            List<Position> out = new ArrayList<>();
            Replay.replay(game.squares(), (ply, p) -> out.add(p.canonical()));
            return out;
        }
    }

    private final List<Game> games = new ArrayList<>();

    /** Reads every {@code .wtb} file of a folder, with the names files beside them (one .JOU and one .TRN). */
    public PlainScan(Path dir) {
        List<Path> files = new ArrayList<>();
        try (var s = java.nio.file.Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".wtb")).sorted().forEach(files::add);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        NameList players = NameList.read(namesFile(dir, ".jou"), WthorKind.PLAYERS);
        NameList tournaments = NameList.read(namesFile(dir, ".trn"), WthorKind.TOURNAMENTS);
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                int i = 0;
                for (WthorGame g : r.games()) {
                    games.add(new Game(f.getFileName().toString(), r.header().gameYear(), i++, g,
                            players.name(g.black()), players.name(g.white()), tournaments.name(g.tournament())));
                }
            }
        }
    }

    /** The one names file of a folder with this ending (WTHOR.JOU, CLUB.JOU...). */
    private static Path namesFile(Path dir, String ending) {
        try (var s = java.nio.file.Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(ending)).findFirst().orElseThrow();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every game. */
    public List<Game> games() {
        return games;
    }

    /** Names as the query language matches them: case and accents ignored (folded here on its own, not by thordb's code). */
    public static String fold(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFD).toCharArray()) {
            if (Character.getType(c) != Character.NON_SPACING_MARK) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", " ").strip();
    }

    /** How many games a test holds for. */
    public long count(Predicate<Game> p) {
        return games.stream().filter(p).count();
    }
}
