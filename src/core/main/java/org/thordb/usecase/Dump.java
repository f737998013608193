package org.thordb.usecase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.thordb.error.ThorDbException;
import org.thordb.export.Json;
import org.thordb.ingest.TheoreticalStatus;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.store.FileRow;
import org.thordb.wthor.NameList;
import org.thordb.wthor.NamesLocator;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;

/**
 * A WTHOR file decoded, with no store: its header, then each record (a game with its names from
 * the names files beside it, a solitaire, a name), as a table for a terminal (names as the files
 * spell them: the surface makes them safe to show) or as JSON lines (a game in the one game
 * schema). What {@code thordb dump} prints.
 *
 * <p>Usage: {@code Dump.file(Path.of("WTH_2015.wtb"), true, new PrintWriter(System.out), w -> { });}
 */
public final class Dump {
    private Dump() {
    }

    /**
     * Decodes one file ({@code .wtb .wtd .pzz .jou .trn}) onto {@code out}; what the reader warns
     * of (a header that disagrees with the file's size, names not found) goes to {@code warnings}.
     *
     * @throws ThorDbException for a file that cannot be read as WTHOR, naming it
     */
    public static void file(Path file, boolean jsonl, PrintWriter out, Consumer<String> warnings) {
        try (WthorReader r = WthorReader.open(file)) {
            r.warnings().forEach(warnings);
            dump(r, jsonl, out, warnings);
        }
        out.flush();
    }

    private static void dump(WthorReader r, boolean jsonl, PrintWriter out, Consumer<String> warnings) {
        WthorHeader h = r.header();
        if (jsonl) {
            ObjectNode o = Json.object();
            o.put("type", "header").put("file", r.path().toString()).put("kind", r.kind().name().toLowerCase());
            headerFields(o.putObject("header"), h);
            o.put("records", r.recordCount());
            out.println(o);
        } else {
            out.println((r.path().toString()) + ": " + describe(r));
        }
        switch (r.kind()) {
            case GAMES_8, GAMES_10 -> dumpGames(r, jsonl, out, warnings);
            case SOLITAIRES -> dumpSolitaires(r, jsonl, out);
            case PLAYERS, TOURNAMENTS -> dumpNames(r, jsonl, out);
            default -> throw new AssertionError(r.kind());
        }
    }

    private static String describe(WthorReader r) {
        WthorHeader h = r.header();
        String made = h.creationDate() != null ? h.creationDate().toString()
                : "bytes " + h.century() + "/" + h.yearOfCentury() + "/" + h.month() + "/" + h.day();
        String raw = " [N1=" + h.n1() + " N2=" + h.n2() + " year=" + h.gameYear() + " P1=" + h.boardSize()
                + " P2=" + h.gameType() + " P3=" + h.depth() + "]";
        return switch (r.kind()) {
            case GAMES_8, GAMES_10 -> r.recordCount() + " games of " + h.gameYear() + ", " + h.boardSide() + "×"
                    + h.boardSide() + ", theoretical scores at depth " + h.effectiveDepth() + ", created " + made + raw;
            case SOLITAIRES -> r.recordCount() + " solitaires of " + h.n2() + " empties, created " + made + raw;
            case PLAYERS -> r.recordCount() + " players, created " + made + raw;
            case TOURNAMENTS -> r.recordCount() + " tournaments, created " + made + raw;
        };
    }

    private static void headerFields(ObjectNode o, WthorHeader h) {
        o.put("created", h.creationDate() != null ? h.creationDate().toString() : null);
        o.put("century", h.century()).put("yearOfCentury", h.yearOfCentury()).put("month", h.month())
                .put("day", h.day()).put("n1", h.n1()).put("n2", h.n2()).put("gameYear", h.gameYear())
                .put("boardSize", h.boardSize()).put("gameType", h.gameType()).put("depth", h.depth())
                .put("effectiveDepth", h.effectiveDepth()).put("reserved", h.reserved());
    }

    private static NameList names(Path gameFile, WthorKind kind, Consumer<String> warnings) {
        Path p = NamesLocator.find(gameFile, kind);
        if (p == null) {
            return null;
        }
        try {
            return NameList.read(p.toAbsolutePath());
        } catch (ThorDbException e) {
            warnings.accept("names not shown: " + e.getMessage());
            return null;
        }
    }

    /** A name as the export writes it: the names file's, or {@code #N} when it has none. */
    private static String name(NameList names, int number) {
        return names != null && names.contains(number) ? names.name(number) : "#" + number;
    }

    private static String nameOf(NameList names, int number) {
        if (names == null) {
            return "#" + number;
        }
        return names.contains(number) ? (names.name(number)) : "#" + number + " (unknown)";
    }

    private static void dumpGames(WthorReader r, boolean jsonl, PrintWriter out, Consumer<String> warnings) {
        NameList players = names(r.path(), WthorKind.PLAYERS, warnings);
        NameList tournaments = names(r.path(), WthorKind.TOURNAMENTS, warnings);
        if (!jsonl) {
            out.printf("%6s  %-25s  %-19s  %-19s  %5s  %4s  %s%n", "record", "tournament", "black", "white",
                    "score", "theo", "moves");
        }
        long i = 0;
        List<WthorGame> all = new ArrayList<>();
        r.games().forEach(all::add);
        // the file's theoretical scores are known, or say nothing (depth and scores 0), or are final scores
        boolean known = TheoreticalStatus.of(all, r.header().depth()).equals(FileRow.KNOWN);
        String base = NamesLocator.baseOf(r.path());
        for (WthorGame g : all) {
            String damage = g.damage();
            if (jsonl) {
                // the one game schema of export --format jsonl (docs/data.md), and where the game is
                ObjectNode o = Json.game(g, base, r.header().gameYear(), i,
                        name(players, g.black()), name(players, g.white()), name(tournaments, g.tournament()), null,
                        known, r.header().effectiveDepth(), damage);
                o.put("type", "game").put("file", r.path().toString());
                out.println(o);
            } else {
                out.printf("%6d  %-25s  %-19s  %-19s  %5d  %4d  %s%s%n", i, nameOf(tournaments, g.tournament()),
                        nameOf(players, g.black()), nameOf(players, g.white()), g.blackScore(),
                        g.theoreticalScore(), Notation.transcript(g.squares(), g.side()), damage == null ? "" : "  [damaged: " + damage + "]");
            }
            i++;
        }
    }

    private static void dumpSolitaires(WthorReader r, boolean jsonl, PrintWriter out) {
        if (!jsonl) {
            out.printf("%6s  %4s  %5s  %6s  %6s  %3s  %4s  %5s  %5s  %4s  %4s  %s%n", "record", "year", "trn", "black",
                    "white", "emp", "move", "solve", "first", "real", "m25", "position");
        }
        long i = 0;
        for (WthorSolitaire s : r.solitaires()) {
            String board = new Position(s.blackDiscs(), s.whiteDiscs(),
                    s.toMove() == 2 ? Side.WHITE : Side.BLACK).toBoardString();
            String first = squareName(s.firstMove());
            String m25 = s.move25() == 0 ? "-" : squareName(s.move25());
            String damage = s.damage();
            if (jsonl) {
                ObjectNode o = Json.object();
                o.put("type", "solitaire").put("file", r.path().toString()).put("record", i)
                        .put("year", s.year()).put("tournament", s.tournament()).put("black", s.blackPlayer())
                        .put("white", s.whitePlayer()).put("empties", s.empties())
                        .put("toMove", s.toMove() == 1 ? "black" : s.toMove() == 2 ? "white" : "?")
                        .put("solutionScore", s.solutionScore()).put("firstMove", first).put("realScore", s.realScore())
                        .put("move25", s.move25() == 0 ? null : m25).put("position", board);
                if (damage != null) {
                    o.put("damage", damage);
                }
                out.println(o);
            } else {
                out.printf("%6d  %4d  %5d  %6d  %6d  %3d  %4s  %+5d  %5s  %4d  %4s  %s%s%n", i, s.year(),
                        s.tournament(), s.blackPlayer(), s.whitePlayer(), s.empties(),
                        s.toMove() == 1 ? "X" : s.toMove() == 2 ? "O" : "?", s.solutionScore(), first, s.realScore(),
                        m25, board, damage == null ? "" : "  [damaged: " + damage + "]");
            }
            i++;
        }
    }

    private static String squareName(int moveByte) {
        int sq = WthorSquares.toSquare(moveByte, 8);
        return sq < 0 ? "?" + moveByte : Notation.name(sq);
    }

    private static void dumpNames(WthorReader r, boolean jsonl, PrintWriter out) {
        if (!jsonl) {
            out.printf("%6s  %s%n", "number", "name");
        }
        int i = 0;
        for (byte[] rec = r.nextRecord(); rec != null; rec = r.nextRecord(), i++) {
            String name = NameList.decode(rec);
            if (jsonl) {
                ObjectNode o = Json.object();
                o.put("type", r.kind() == WthorKind.PLAYERS ? "player" : "tournament").put("file", r.path().toString())
                        .put("number", i).put("name", name);
                out.println(o);
            } else {
                out.printf("%6d  %s%n", i, (name));
            }
        }
    }
}
