package org.thordb.bench;

import org.thordb.usecase.Games;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.engine.Engine;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;

/**
 * A player found through an alias against the same player by the name the FFO gives, counted,
 * warm, in process: the FFO base with a PGN of its 1990 that spells the most frequent player of
 * that year otherwise by one letter (a copy of each of his games, so the two names are one player,
 * {@code org.thordb.store.Identities}). Both questions must give the same count, and cost the same.
 *
 * <p>Usage: {@code tools/bench IdentityBench}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class IdentityBench extends StoreBench {
    @Param({"direct", "alias"})
    public String kind;

    private String query;

    @Setup
    public void open() throws Exception {
        Path dir = BenchData.work().resolve("store-ffo-aliases");
        Path ffo = BenchData.files("ffo");
        Path year = ffo.resolve("WTH_1990.wtb");
        NameList players = NameList.read(ffo.resolve("WTHOR.JOU"), WthorKind.PLAYERS);
        // the 1990 player with the most games, and his name one letter off
        int[] games = new int[players.size()];
        try (WthorReader r = WthorReader.open(year)) {
            for (WthorGame g : r.games()) {
                games[g.black()]++;
                games[g.white()]++;
            }
        }
        int most = 0;
        for (int i = 0; i < games.length; i++) {
            most = games[i] > games[most] ? i : most;
        }
        String name = players.name(most);
        String spelt = name.substring(0, name.length() - 1) + (name.endsWith("e") ? "a" : "e");
        if (!Files.exists(dir.resolve("CURRENT"))) {
            StringBuilder pgn = new StringBuilder();
            try (WthorReader r = WthorReader.open(year)) {
                for (WthorGame g : r.games()) {
                    String black = g.black() == most ? spelt : players.name(g.black());
                    String white = g.white() == most ? spelt : players.name(g.white());
                    pgn.append("[Date \"1990\"]\n[Black \"").append(black).append("\"]\n[White \"").append(white)
                            .append("\"]\n[Result \"").append(g.blackScore()).append('-').append(64 - g.blackScore()).append("\"]\n\n");
                    int[] sq = g.squares();
                    for (int k = 0; k < sq.length && sq[k] >= 0; k++) {
                        pgn.append(k % 2 == 0 ? (k / 2 + 1) + ". " : "").append(Notation.name(sq[k]).toUpperCase()).append(' ');
                    }
                    pgn.append("\n\n");
                }
            }
            Path file = BenchData.work().resolve("COPY_1990.pgn");
            Files.writeString(file, pgn, StandardCharsets.UTF_8);
            try (Engine w = Engine.open(dir)) {
                w.importFiles(List.of(ffo, file), Importer.Options.defaults(), m -> { });
            }
        }
        String direct = "player = \"" + name + "\"";
        String alias = "player = \"" + spelt + "\"";
        query = kind.equals("direct") ? direct : alias;
        db = Engine.openReadOnly(dir);
        long a = Games.count(db, direct);
        long b = Games.count(db, alias);
        if (a != b || a == 0) {
            throw new IllegalStateException("\"" + name + "\" finds " + a + " games, \"" + spelt + "\" " + b);
        }
    }

    @Benchmark
    public long count() {
        return Games.count(db, query);
    }
}
