package org.thordb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.wthor.NameList;
import org.thordb.wthor.NamesLocator;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.ArrayList;
import org.thordb.export.Json;
import org.thordb.ingest.TheoreticalStatus;
import org.thordb.store.FileRow;

/**
 * {@code thordb dump FILE…}: decodes any WTHOR file to a table, or to JSON lines.
 * Player and tournament numbers of game files are shown with their names when the base's names
 * files lie beside them.
 *
 * <p>Usage: {@code thordb dump --format jsonl WTH_2015.wtb}
 */
@Command(name = "dump",
        footerHeading = "%nExamples:%n", footer = {"  thordb dump ../shared/data/wthor/WTH_2015.wtb", "  thordb dump --format jsonl WTH_2015.wtb | head", "  thordb dump WTHOR.JOU"}, description = "Decode WTHOR files (.wtb .wtd .pzz .jou .trn) to a table or JSON lines.")
public final class DumpCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format { table, jsonl }

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "WTHOR files.")
    List<Path> files;

    @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
    Format format;

    @Spec
    CommandSpec spec;

    private final ObjectMapper json = new ObjectMapper();
    private final Map<Path, NameList> namesCache = new HashMap<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int status = 0;
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                r.warnings().forEach(w -> err.println("warning: " + w));
                dump(r, out);
            } catch (ThorDbException e) {
                err.println("thordb: " + Main.oneLine(e));
                status = 1;
            }
            out.flush();
        }
        return status;
    }

    private void dump(WthorReader r, PrintWriter out) {
        WthorHeader h = r.header();
        if (format == Format.jsonl) {
            ObjectNode o = json.createObjectNode();
            o.put("type", "header").put("file", r.path().toString()).put("kind", r.kind().name().toLowerCase());
            headerFields(o.putObject("header"), h);
            o.put("records", r.recordCount());
            out.println(o);
        } else {
            out.println(SafeText.of(r.path().toString()) + ": " + describe(r));
        }
        switch (r.kind()) {
            case GAMES_8, GAMES_10 -> dumpGames(r, out);
            case SOLITAIRES -> dumpSolitaires(r, out);
            case PLAYERS, TOURNAMENTS -> dumpNames(r, out);
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

    private NameList names(Path gameFile, WthorKind kind) {
        Path p = NamesLocator.find(gameFile, kind);
        if (p == null) {
            return null;
        }
        return namesCache.computeIfAbsent(p.toAbsolutePath(), k -> {
            try {
                return NameList.read(k);
            } catch (ThorDbException e) {
                spec.commandLine().getErr().println("warning: names not shown: " + Main.oneLine(e));
                return null;
            }
        });
    }

    /** A name as the export writes it: the names file's, or {@code #N} when it has none. */
    private static String name(NameList names, int number) {
        return names != null && names.contains(number) ? names.name(number) : "#" + number;
    }

    private static String nameOf(NameList names, int number) {
        if (names == null) {
            return "#" + number;
        }
        return names.contains(number) ? SafeText.of(names.name(number)) : "#" + number + " (unknown)";
    }

    private void dumpGames(WthorReader r, PrintWriter out) {
        NameList players = names(r.path(), WthorKind.PLAYERS);
        NameList tournaments = names(r.path(), WthorKind.TOURNAMENTS);
        if (format == Format.table) {
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
            if (format == Format.jsonl) {
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

    private void dumpSolitaires(WthorReader r, PrintWriter out) {
        if (format == Format.table) {
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
            if (format == Format.jsonl) {
                ObjectNode o = json.createObjectNode();
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

    private void dumpNames(WthorReader r, PrintWriter out) {
        if (format == Format.table) {
            out.printf("%6s  %s%n", "number", "name");
        }
        int i = 0;
        for (byte[] rec = r.nextRecord(); rec != null; rec = r.nextRecord(), i++) {
            String name = NameList.decode(rec);
            if (format == Format.jsonl) {
                ObjectNode o = json.createObjectNode();
                o.put("type", r.kind() == WthorKind.PLAYERS ? "player" : "tournament").put("file", r.path().toString())
                        .put("number", i).put("name", name);
                out.println(o);
            } else {
                out.printf("%6d  %s%n", i, SafeText.of(name));
            }
        }
    }
}
