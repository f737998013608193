package org.thordb.sample;

import org.thordb.fault.Faults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Position;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.thordb.error.ErrorCode;
import org.thordb.othello.Board10;
import org.thordb.wthor.WthorReader;

/**
 * Generates a WTHOR base of random legal games: one {@code PREFIX_YYYY.wtb} a year with
 * {@code PREFIX.JOU} and {@code PREFIX.TRN} of made-up names. Games follow the rules with their
 * passes; a few end early (adjourned), and their stored score is the board's as WTHOR scores it.
 * The same seed gives the same files.
 *
 * <p>Usage: {@code SampleBase.write(Path.of("examples/sample-base"), "SAMPLE", 2000, 5, 1000, 42L);}
 */
public final class SampleBase {
    private SampleBase() {
    }

    private static final String[] SYLLABLES = {"ka", "to", "mi", "ra", "ne", "lo", "su", "vi", "da", "pe", "zo",
        "gu", "be", "ha", "jo", "ri", "fa", "ce", "lu", "mo"};

    /**
     * Writes the base.
     *
     * @param dir the folder (created when missing)
     * @param prefix the base name, such as {@code SAMPLE}
     * @param firstYear the first year
     * @param years how many yearly files
     * @param gamesPerYear games in each file
     * @param seed the random seed
     * @return the files written
     */
    public static List<Path> write(Path dir, String prefix, int firstYear, int years, int gamesPerYear, long seed) {
        return write(dir, prefix, firstYear, years, gamesPerYear, seed, 8);
    }

    /**
     * {@link #write(Path, String, int, int, int, long)} on a board of {@code side} 8 or 10: a 10×10
     * base is {@code PREFIX_YEAR.wtd} files of random legal 10×10 games (no 10×10 WTHOR file is
     * public, so the tests make their own).
     */
    public static List<Path> write(Path dir, String prefix, int firstYear, int years, int gamesPerYear, long seed,
                                   int side) {
        return write(dir, prefix, firstYear, years, gamesPerYear, seed, side, null);
    }

    /**
     * {@link #write(Path, String, int, int, int, long)} with games that open as a real base does:
     * each game's first 10 to 20 moves (uniformly) are those of a game of {@code openings} drawn
     * at random, so every line of up to 10 moves comes with the frequency it has in that base
     * (and longer ones nearly so), and the moves after it are random. The shared positions near
     * the start are then as common as in real play, which random games never make.
     *
     * @param openings the source's openings, as {@link #openingsOf} reads them
     */
    public static List<Path> write(Path dir, String prefix, int firstYear, int years, int gamesPerYear, long seed,
                                   Openings openings) {
        return write(dir, prefix, firstYear, years, gamesPerYear, seed, 8, openings);
    }

    /** The first {@value #OPENING_MOVES} moves of each game of a real base, for {@link #write(Path, String, int, int, int, long, Openings)}. */
    public record Openings(List<int[]> lines) {
        public Openings {
            if (lines.isEmpty()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("no openings to draw from"));
            }
            lines = List.copyOf(lines);
        }
    }

    /** How many of a source game's moves {@link Openings} keeps: a game opens with 10 to this many. */
    public static final int OPENING_MOVES = 20;

    /** The openings of the games of WTHOR game files (8×8; damaged games up to their last legal move). */
    public static Openings openingsOf(List<Path> files) {
        List<int[]> lines = new ArrayList<>();
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                if (r.kind() != WthorKind.GAMES_8) {
                    continue;
                }
                for (WthorGame g : r.games()) {
                    int[] sq = g.squares();
                    int n = 0;
                    Position p = Position.start();
                    while (n < Math.min(OPENING_MOVES, sq.length) && sq[n] >= 0 && !p.isFinal()
                            && (p.legalMoves() & 1L << sq[n]) != 0) {
                        p = p.play(sq[n]);
                        n++;
                    }
                    if (n > 0) {
                        lines.add(Arrays.copyOf(sq, n));
                    }
                }
            }
        }
        return new Openings(lines);
    }

    private static List<Path> write(Path dir, String prefix, int firstYear, int years, int gamesPerYear, long seed,
                                    int side, Openings openings) {
        if (side != 8 && side != 10) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("side " + side));
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int players = Math.max(8, Math.min(60_000, gamesPerYear * years / 20));
        int tournaments = Math.max(2, Math.min(60_000, years * 12));
        LocalDate made = LocalDate.of(firstYear + years, 1, 15);
        List<Path> out = new ArrayList<>();
        Path jou = dir.resolve(prefix + ".JOU");
        NameList.of(WthorKind.PLAYERS, made, names(rnd, players, 2)).write(jou);
        out.add(jou);
        Path trn = dir.resolve(prefix + ".TRN");
        List<String> t = new ArrayList<>();
        for (String n : names(rnd, tournaments, 1)) {
            t.add("Open de " + n);
        }
        NameList.of(WthorKind.TOURNAMENTS, made, t).write(trn);
        out.add(trn);
        for (int y = 0; y < years; y++) {
            int year = firstYear + y;
            Path f = dir.resolve(prefix + "_" + year + (side == 10 ? ".wtd" : ".wtb"));
            try (WthorWriter w = WthorWriter.create(f, side == 10 ? WthorKind.GAMES_10 : WthorKind.GAMES_8,
                    WthorHeader.forGames(made, gamesPerYear, year, side, side == 10 ? 0 : 22))) {
                for (int i = 0; i < gamesPerYear; i++) {
                    w.write(side == 10 ? randomGame10(rnd, players, tournaments)
                            : randomGame(rnd, players, tournaments, openings == null ? null
                                    : openings.lines().get(rnd.nextInt(openings.lines().size()))));
                }
            }
            out.add(f);
        }
        return out;
    }

    private static List<String> names(SplittableRandom rnd, int n, int words) {
        List<String> out = new ArrayList<>(n);
        Set<String> seen = new HashSet<>();
        while (out.size() < n) {
            StringBuilder sb = new StringBuilder();
            for (int w = 0; w < words; w++) {
                if (w > 0) {
                    sb.append(' ');
                }
                int syl = 2 + rnd.nextInt(2);
                StringBuilder word = new StringBuilder();
                for (int s = 0; s < syl; s++) {
                    word.append(SYLLABLES[rnd.nextInt(SYLLABLES.length)]);
                }
                word.setCharAt(0, Character.toUpperCase(word.charAt(0)));
                sb.append(word);
            }
            String name = sb.length() > 19 ? sb.substring(0, 19) : sb.toString();
            if (seen.add(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /** A random legal 10×10 game: random moves to the end, or (1 in 50) stopped early. */
    public static WthorGame randomGame10(SplittableRandom rnd, int players, int tournaments) {
        Board10 b = Board10.start();
        int[] moves = new int[96];
        int n = 0;
        int stopAt = rnd.nextInt(50) == 0 ? 10 + rnd.nextInt(70) : 96;
        int side;
        while (n < stopAt && (side = b.sideToMove()) != 0) {
            List<Integer> legal = b.legalMoves(side);
            int sq = legal.get(rnd.nextInt(legal.size()));
            b.playMove(sq);
            moves[n++] = sq;
        }
        int black = b.count(1);
        int white = b.count(2);
        int e = 100 - black - white;
        int score = black > white ? black + e : black < white ? black : black + e / 2;
        int p1 = rnd.nextInt(players);
        int p2 = rnd.nextInt(players - 1);
        if (p2 >= p1) {
            p2++;
        }
        return WthorGame.of(rnd.nextInt(tournaments), p1, p2, score, 0, Arrays.copyOf(moves, n), 10);
    }

    /** A random legal game: random moves to the end, or (1 in 50) stopped early. */
    public static WthorGame randomGame(SplittableRandom rnd, int players, int tournaments) {
        return randomGame(rnd, players, tournaments, null);
    }

    /**
     * A random legal game that opens with the first 10 to 20 moves (uniformly; fewer when the line
     * is shorter) of {@code opening} when one is given (legal moves from the start).
     */
    static WthorGame randomGame(SplittableRandom rnd, int players, int tournaments, int[] opening) {
        int[] moves = new int[60];
        int n = 0;
        Position p = Position.start();
        if (opening != null) {
            int k = Math.min(opening.length, 10 + rnd.nextInt(OPENING_MOVES - 10 + 1));
            for (; n < k; n++) {
                moves[n] = opening[n];
                p = p.play(opening[n]);
            }
        }
        int stopAt = rnd.nextInt(50) == 0 ? Math.max(n, 10 + rnd.nextInt(40)) : 60;
        while (!p.isFinal() && n < stopAt) {
            long legal = p.legalMoves();
            int k = rnd.nextInt(Long.bitCount(legal));
            for (int i = 0; i < k; i++) {
                legal &= legal - 1;
            }
            int sq = Long.numberOfTrailingZeros(legal);
            moves[n++] = sq;
            p = p.play(sq);
        }
        int score = p.wthorScore();
        int theoretical = Math.max(0, Math.min(64, score + rnd.nextInt(9) - 4));
        int black = rnd.nextInt(players);
        int white = rnd.nextInt(players - 1);
        if (white >= black) {
            white++;
        }
        return WthorGame.of(rnd.nextInt(tournaments), black, white, score, theoretical,
                Arrays.copyOf(moves, n), 8);
    }
}
