package org.thordb.text;

import static org.thordb.text.SourceReader.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/** GGF: {@code (;GM[Othello]…;)} games, each optionally after a number, read byte by byte. */
final class GgfParser implements SourceParser {
    private final Path file;

    /** This file's bad input, in one line. */
    private ThorDbException broken(String where, String why) {
        return SourceParser.broken(file, where, why);
    }

    private static final String START_BOARD = GGF_START_8;
    private static final String START_BOARD_10 = GGF_START_10;
    private final InputStream in;
    private long offset;
    private int line = 1;
    private final ByteArrayOutputStream raw = new ByteArrayOutputStream(1024);
    private final ByteArrayOutputStream value = new ByteArrayOutputStream(64);

    GgfParser(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    private long gameStart;
    private int gameLine;

    private int read() throws IOException {
        int c = in.read();
        if (c >= 0) {
            offset++;
            if (c == '\n') {
                line++;
            }
            raw.write(c);
            if (raw.size() > MAX_GAME_BYTES) {
                throw broken("byte offset " + gameStart + " (line " + gameLine + ")", "the game is longer than "
                        + String.format("%,d", MAX_GAME_BYTES) + " bytes, the most a game may hold: a value '[' or"
                        + " the game '(;' is never closed");
            }
        }
        return c;
    }

    @Override
    public SourceGame next() throws IOException {
        int c;
        while (true) {
            raw.reset();
            c = read();
            if (c < 0) {
                return null;
            }
            if (c == '(') {
                break;
            }
            if (!Character.isWhitespace(c) && !Character.isDigit(c)) {
                throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "expected a game '(;', found "
                        + quoted(String.valueOf((char) c)));
            }
        }
        long start = offset - 1;
        int startLine = line;
        raw.reset();
        raw.write('(');
        this.gameStart = start;
        this.gameLine = startLine;
        if (read() != ';') {
            throw broken("byte offset " + start + " (line " + startLine + ")", "'(' not followed by ';'");
        }
        List<String[]> props = new ArrayList<>();
        while (true) {
            c = read();
            if (c < 0) {
                throw broken("byte offset " + start + " (line " + startLine + ")", "the game has no end ';)'");
            }
            if (Character.isWhitespace(c)) {
                continue;
            }
            if (c == ';') {
                int d = read();
                if (d == ')') {
                    break;
                }
                throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "';' not followed by ')'");
            }
            if (c < 'A' || c > 'Z') {
                throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "expected a property such as"
                        + " PB[…], found " + quoted(String.valueOf((char) c)));
            }
            StringBuilder name = new StringBuilder().append((char) c);
            while ((c = read()) >= 'A' && c <= 'Z') {
                name.append((char) c);
            }
            if (c != '[') {
                throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "property " + name
                        + " has no value '[…]'");
            }
            value.reset();
            while (true) {
                c = read();
                if (c < 0) {
                    throw broken("byte offset " + start + " (line " + startLine + ")", "the value of " + name
                            + " has no ']'");
                }
                if (c == '\\') {
                    int e = read();
                    if (e < 0) {
                        throw broken("byte offset " + start + " (line " + startLine + ")", "the game has no end ';)'");
                    }
                    value.write(e);
                    continue;
                }
                if (c == ']') {
                    break;
                }
                value.write(c);
            }
            byte[] v = value.toByteArray();
            props.add(new String[] {name.toString(), ByteLines.decode(v, 0, v.length)});
        }
        return game(startLine, start, raw.toByteArray(), props);
    }

    private SourceGame game(int line, long offset, byte[] bytes, List<String[]> props) {
        Map<String, String> tags = new LinkedHashMap<>();
        List<Integer> moves = new ArrayList<>();
        StringBuilder colours = new StringBuilder();
        String problem = null;
        boolean ten = props.stream().anyMatch(p -> p[0].equals("TY") && p[1].strip().equals("10"));
        for (String[] p : props) {
            String k = p[0];
            String v = p[1];
            if (k.equals("B") || k.equals("W")) {
                String sq = v.split("/", 2)[0].strip();
                int m = ten ? move10(sq) : move(sq);
                if (m == -2 && problem == null) {
                    problem = "move " + (moves.size() + 1) + " " + quoted(sq) + " is not a square "
                            + (ten ? "a1…j10" : "a1…h8") + " nor a pass";
                }
                moves.add(m == -2 ? Notation.PASS : m);
                colours.append(k.charAt(0));
            } else {
                tags.putIfAbsent(k, v);
            }
        }
        String gm = tags.get("GM");
        String ty = tags.getOrDefault("TY", "8").strip();
        String bo = tags.get("BO");
        String km = tags.get("KM");
        String variant = null;
        if (gm != null && !gm.strip().equalsIgnoreCase("othello")) {
            variant = "not an Othello game (GM[" + gm + "])";
        } else if (ten) {
            if (bo != null && !bo.replaceAll("\\s+", "").equals("10" + START_BOARD_10)) {
                variant = "a non-standard start (BO[" + bo.strip() + "]): a WTHOR record starts from the standard position";
            }
        } else if (!ty.equals("8")) {
            variant = variant(ty);
        } else if (bo != null && !bo.replaceAll("\\s+", "").equals("8" + START_BOARD)) {
            variant = "a non-standard start (BO[" + bo.strip() + "]): a WTHOR record starts from the standard position";
        } else if (km != null && !km.strip().matches("[+-]?0*(\\.0*)?")) {
            variant = "a komi game (KM[" + km.strip() + "]): its result is not a disc count";
        }
        if (variant != null) {
            problem = variant;
        }
        SourceResult result = SourceResult.NONE;
        String re = tags.get("RE");
        if (re != null && !re.isBlank() && !re.strip().equals("?")) {
            Matcher m = Pattern.compile("\\s*([+-]?\\d+(?:\\.\\d*)?)(?::([a-z]))?\\s*")
                    .matcher(re);
            if (m.matches()) {
                double d = Double.parseDouble(m.group(1));
                if (Math.abs(d) <= 64 && d == Math.rint(d)) {
                    result = SourceResult.difference(re.strip(), (int) d);
                } else if (problem == null) {
                    problem = "result RE[" + re + "] is not a whole disc difference";
                }
            } else if (problem == null) {
                problem = "result RE[" + re + "] is not a disc difference such as +2.000";
            }
        }
        // TH and TD: the theoretical score and its depth, as thordb's GGF export writes them
        return new SourceGame(line, offset, bytes, SourceGame.tag(tags, "PB"), SourceGame.tag(tags, "PW"),
                SourceGame.tag(tags, "PC"), SourceGame.tag(tags, "DT"), ints(moves), colours.toString().toCharArray(),
                result, problem, ten ? 10 : 8, discsTag(tags.get("TH")), depthTag(tags.get("TD")));
    }

    private static String variant(String ty) {
        String t = ty.toLowerCase(Locale.ROOT);
        if (t.matches("\\d+")) {
            return "a " + t + "×" + t + " game (TY[" + ty + "]): WTHOR holds 8×8 and 10×10 games";
        }
        String why = t.contains("s") ? "synchro" : t.contains("k") ? "komi" : t.contains("r") ? "random start"
                : t.contains("a") ? "anti" : "variant";
        return "a " + why + " game (TY[" + ty + "]): a WTHOR record holds standard games only";
    }
}
