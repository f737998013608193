package org.thordb.bench;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * The data the benchmarks run on: the FFO base of {@code ../shared/data/wthor} ({@code ffo}) and a
 * generated base of one million random legal games ({@code synthetic-1m}: 20 yearly files of 50,000
 * games, made once under {@code target/bench/}), with a store of each built once and reused.
 */
public final class BenchData {
    private BenchData() {
    }

    /** {@code BenchData BASE}: generates the base's files when missing and prints their folder. */
    public static void main(String[] args) {
        System.out.println(files(args[0]));
    }

    /** Where the benchmarks keep their stores and generated files. */
    public static Path work() {
        return Path.of(System.getProperty("thordb.bench.dir", "target/bench"));
    }

    /** The folder of a base's WTHOR files, generating the synthetic one when missing. */
    public static Path files(String base) {
        if (base.equals("ffo")) {
            String env = System.getenv("THORDB_SHARED_DATA");
            Path d = (env != null ? Path.of(env) : Path.of("../shared/data")).resolve("wthor");
            if (!Files.isDirectory(d)) {
                throw new IllegalStateException(d + " not found: the FFO base lives in ../shared/data/wthor");
            }
            return d;
        }
        if (base.equals("synthetic-1m")) {
            Path d = work().resolve("synthetic-1m");
            if (!Files.exists(d.resolve("SYNTH_2019.wtb"))) {
                SampleBase.write(d, "SYNTH", 2000, 20, 50_000, 1L);
            }
            return d;
        }
        if (base.equals("ffo-like-1m")) { // the same size, opening as the FFO base's games do (issue 19's second kind)
            Path d = work().resolve("ffo-like-1m");
            if (!Files.exists(d.resolve("LIKE_2019.wtb"))) {
                SampleBase.write(d, "LIKE", 2000, 20, 50_000, 1L, SampleBase.openingsOf(gameFiles("ffo")));
            }
            return d;
        }
        if (base.equals("synthetic-10m")) { // issue 19's scale: 100 yearly files of 100,000 random games
            Path d = work().resolve("synthetic-10m");
            if (!Files.exists(d.resolve("TENM_1999.wtb"))) {
                SampleBase.write(d, "TENM", 1900, 100, 100_000, 1L);
            }
            return d;
        }
        if (base.equals("ffo-like-10m")) {
            Path d = work().resolve("ffo-like-10m");
            if (!Files.exists(d.resolve("LIKT_1999.wtb"))) {
                SampleBase.write(d, "LIKT", 1900, 100, 100_000, 1L, SampleBase.openingsOf(gameFiles("ffo")));
            }
            return d;
        }
        throw new IllegalArgumentException("unknown base " + base);
    }

    /**
     * A store of the base, imported once, then merged and compacted ({@code thordb optimize}, as a
     * user of a large base would run it); a store kept from before merge groups, or from before
     * packed fingerprint blocks, is merged when first asked for (the call does nothing on a store
     * merged already).
     */
    public static Path store(String base) {
        Path d = work().resolve("store-" + base);
        boolean fresh = !Files.exists(d.resolve("CURRENT"));
        try (Engine db = Engine.open(d)) {
            if (fresh) {
                db.importFiles(List.of(files(base)), Importer.Options.defaults(), m -> { });
            }
            db.optimize(true, m -> { });
        }
        return d;
    }

    /** The game files of a base, sorted. */
    public static List<Path> gameFiles(String base) {
        try (Stream<Path> s = Files.list(files(base))) {
            return s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".wtb")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a base is one of the ten-million-game ones, whose games are too many to hold in a benchmark's heap. */
    public static boolean tenMillion(String base) {
        return base.endsWith("-10m");
    }

    /**
     * The games positions are drawn from: every game of a base, or of the first three files of a
     * ten-million-game base (300,000 games, drawn from as evenly: the files are alike).
     */
    public static List<int[]> sourceGames(String base) {
        if (!tenMillion(base)) {
            return games(base);
        }
        List<int[]> out = new ArrayList<>();
        for (Path f : gameFiles(base).subList(0, 3)) {
            try (WthorReader r = WthorReader.open(f)) {
                for (WthorGame g : r.games()) {
                    out.add(g.squares());
                }
            }
        }
        return out;
    }

    /** The move lists of every game of a base, read straight from its files. */
    public static List<int[]> games(String base) {
        List<int[]> out = new ArrayList<>();
        for (Path f : gameFiles(base)) {
            try (WthorReader r = WthorReader.open(f)) {
                for (WthorGame g : r.games()) {
                    out.add(g.squares());
                }
            }
        }
        return out;
    }

    /** A game as the files say, with its moves as squares and its names: what a scan without an index works on. */
    public record Record(WthorGame game, int[] squares, int year, String black, String white, String tournament) {
    }

    /** Every game of a base with its names, read straight from its files. */
    public static List<Record> records(String base) {
        Path dir = files(base);
        List<Record> out = new ArrayList<>();
        org.thordb.wthor.NameList players = null;
        org.thordb.wthor.NameList tournaments = null;
        for (Path f : gameFiles(base)) {
            if (players == null) {
                players = org.thordb.wthor.NameList.read(org.thordb.wthor.NamesLocator.find(f, org.thordb.wthor.WthorKind.PLAYERS));
                tournaments = org.thordb.wthor.NameList.read(
                        org.thordb.wthor.NamesLocator.find(f, org.thordb.wthor.WthorKind.TOURNAMENTS));
            }
            try (WthorReader r = WthorReader.open(f)) {
                for (WthorGame g : r.games()) {
                    out.add(new Record(g, g.squares(), r.header().gameYear(), players.name(g.black()), players.name(g.white()),
                            tournaments.name(g.tournament())));
                }
            }
        }
        return out;
    }

    /** The name of player {@code number} of a base, from its names file. */
    public static String playerName(String base, int number) {
        Path first = gameFiles(base).get(0);
        return org.thordb.wthor.NameList.read(org.thordb.wthor.NamesLocator.find(first, org.thordb.wthor.WthorKind.PLAYERS))
                .name(number);
    }

    /** The name of tournament {@code number} in a base's tournaments file. */
    public static String tournamentName(String base, int number) {
        Path first = gameFiles(base).get(0);
        return org.thordb.wthor.NameList.read(org.thordb.wthor.NamesLocator.find(first, org.thordb.wthor.WthorKind.TOURNAMENTS))
                .name(number);
    }

    /** Lines of moves for position queries: the first moves of random games, at random lengths. */
    public static List<int[]> batchLines(String base, int n) {
        List<int[]> games = games(base);
        Random rnd = new Random(7);
        List<int[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int[] g = games.get(rnd.nextInt(games.size()));
            out.add(java.util.Arrays.copyOf(g, 1 + rnd.nextInt(g.length)));
        }
        return out;
    }

    /** Positions of random games at random plies (any ply, start to end), the same for a seed. */
    public static Position[] samplePositions(List<int[]> games, int n, long seed) {
        Random rnd = new Random(seed);
        Position[] out = new Position[n];
        for (int i = 0; i < n; i++) {
            int[] g = games.get(rnd.nextInt(games.size()));
            int ply = rnd.nextInt(g.length + 1);
            out[i] = Replay.replay(g, ply, null).finalPosition();
        }
        return out;
    }

    /** Positions after 2 to 6 moves of random games: near the start, each reached by many games. */
    public static Position[] openingPositions(List<int[]> games, int n, long seed) {
        Random rnd = new Random(seed);
        Position[] out = new Position[n];
        for (int i = 0; i < n; i++) {
            int[] g = games.get(rnd.nextInt(games.size()));
            out[i] = Replay.replay(g, Math.min(g.length, 2 + rnd.nextInt(5)), null).finalPosition();
        }
        return out;
    }

    /**
     * The numbers of the names that are {@code text} (any case) or, with {@code substring}, contain
     * it: of players or of tournaments, read off the records (one base, one names file each).
     */
    public static java.util.BitSet numbers(List<BenchData.Record> games, String text, boolean players, boolean substring) {
        String t = text.toLowerCase(java.util.Locale.ROOT);
        java.util.BitSet out = new java.util.BitSet();
        java.util.BitSet seen = new java.util.BitSet();
        for (BenchData.Record r : games) {
            int[] nums = players ? new int[] {r.game().black(), r.game().white()} : new int[] {r.game().tournament()};
            String[] names = players ? new String[] {r.black(), r.white()} : new String[] {r.tournament()};
            for (int i = 0; i < nums.length; i++) {
                if (!seen.get(nums[i])) {
                    seen.set(nums[i]);
                    String n = names[i].toLowerCase(java.util.Locale.ROOT);
                    if (substring ? n.contains(t) : n.equals(t)) {
                        out.set(nums[i]);
                    }
                }
            }
        }
        return out;
    }

}
