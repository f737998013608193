package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.wthor.NamesLocator;
import org.thordb.wthor.WthorKind;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import org.thordb.text.ByteLines;
import org.thordb.text.SourceFormat;
import org.thordb.text.SourceReader;
import org.thordb.wthor.InputFiles;

/**
 * What an import will do, decided before anything is written: the game files in name order, each
 * with its base and the names files found beside it (or given), the names files with their base,
 * and the games to expect, for the progress bar. The first of the importer's parts; the others are
 * the names files, the preparing and deciding of each game file, and its commit.
 *
 * <p>Usage: {@code ImportPlan p = ImportPlan.of(List.of(Path.of("wthor")), Importer.Options.defaults(), listener);}
 *
 * @param games the game files, sorted by file name
 * @param names each names file with the base it belongs to
 * @param namedNames the names files the user named (a file argument, or {@code --names}); the others
 *     came with a game file or a folder, and one older than the stored names is kept back with a
 *     note rather than refused
 * @param totalGames the games the game files hold, by their size
 * @param passedOver files of the folders that are not imported: no WTHOR name nor text games
 * @param sources the text source files, each a base
 * @param solitaires the solitaire files ({@code .pzz}), each with its base
 */
record ImportPlan(List<ImportPlan.GameFile> games, Map<Path, String> names, Set<Path> namedNames,
                  long totalGames, int passedOver, List<ImportPlan.SourceFile> sources,
                  List<ImportPlan.GameFile> solitaires) {

    /**
     * A text source file (GGF, PGN, …) and the base it becomes; {@code refused} when the first read
     * (the plan's count of its games) already failed: a file larger than a text source may be once
     * un-gzipped is refused there, within a second, before any game of it is parsed.
     */
    record SourceFile(Path file, SourceFormat format, String base, String sha256, ThorDbException refused) {
        SourceFile(Path file, SourceFormat format, String base, String sha256) {
            this(file, format, base, sha256, null);
        }
    }

    /** Extensions under which a folder's files are looked at as text sources (their content decides). */
    private static final Set<String> SOURCE_EXTENSIONS = Set.of("ggf", "pgn", "txt", "gam", "csv", "jsonl",
            "text", "moves", "transcript");

    private static boolean sourceName(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        int dot = n.lastIndexOf('.');
        return dot > 0 && SOURCE_EXTENSIONS.contains(n.substring(dot + 1));
    }

    /** A game file with the base and names files it belongs with. */
    record GameFile(Path file, WthorKind kind, String base, Path players, Path tournaments) {
    }

    /**
     * The plan of an import: the files of {@code inputs} (folders searched for WTHOR files, not into
     * hidden ones), each game file with its base and names files, and what is skipped, said.
     */
    static ImportPlan of(List<Path> inputs, Importer.Options options, Importer.Listener listener) {
        List<Path> all = new ArrayList<>();
        List<SourceFile> sources = new ArrayList<>();
        Set<Path> named = new HashSet<>();
        int passedOver = 0;
        for (Path in : inputs) {
            InputFiles.requireFileOrFolder(in);
            if (Files.isDirectory(in)) {
                List<Path> found;
                // a link to a folder is walked as the folder (the walk would not follow it)
                try (Stream<Path> s = Files.walk(Files.isSymbolicLink(in) ? in.toRealPath() : in)) {
                    found = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
                            .map(p -> p.toAbsolutePath().normalize()).sorted().toList();
                } catch (IOException e) {
                    throw Faults.io(in, e);
                }
                int before = all.size() + sources.size();
                for (Path p : found) {
                    WthorKind k = WthorKind.ofOrNull(p);
                    SourceFormat f = k == null && sourceName(p) ? SourceReader.detect(p) : null;
                    if (f != null) {
                        sources.add(new SourceFile(p, f, null, null));
                    } else if (k == null) {
                        passedOver++; // inside a folder other files are the rule: counted, not named
                    } else {
                        all.add(p);
                    }
                }
                if (all.size() + sources.size() == before) {
                    throw Faults.of(ErrorCode.BAD_ARGUMENT, in + ": a folder holding no file thordb imports"
                            + (found.isEmpty() ? " (it is empty)" : " (" + found.size() + (found.size() == 1 ? " other file)" : " other files)"))
                            + (WthorKind.ofOrNull(in) != null ? "; its name ends like a WTHOR file's, but it is a folder" : ""));
                }
            } else if (Files.exists(in)) {
                // a file named on its own is meant to be imported: one that cannot be is an error
                WthorKind k = WthorKind.ofOrNull(in);
                if (k == null) {
                    SourceFormat f = SourceReader.detect(in);
                    if (f == null) {
                        throw Faults.of(ErrorCode.BAD_ARGUMENT, in + ": not a file thordb imports (WTHOR games"
                                + " .wtb .wtd, names .JOU .TRN; text games: GGF, PGN, transcripts, Logistello's book,"
                                + " eOthello's CSV, MOVES:/RESULT: records)");
                    }
                    sources.add(new SourceFile(in.toAbsolutePath().normalize(), f, null, null));
                    continue;
                }
                all.add(in.toAbsolutePath().normalize());
                if (k.isNames()) {
                    named.add(in.toAbsolutePath().normalize());
                }
            } else {
                throw Faults.of(ErrorCode.IO, in + ": no such file or folder");
            }
        }
        List<GameFile> plan = new ArrayList<>();
        Map<Path, String> namesPlan = new LinkedHashMap<>(); // names file -> base
        List<GameFile> solitaires = new ArrayList<>();
        for (Path p : all) {
            WthorKind k = WthorKind.ofOrNull(p);
            if (k == WthorKind.SOLITAIRES) {
                solitaires.add(plan(p, k, options)); // the base as for a game file: its names beside it, or --base
                continue;
            }
            if (k.isGames()) {
                GameFile pl = plan(p, k, options);
                plan.add(pl);
                if (pl.players() != null) {
                    namesPlan.putIfAbsent(pl.players(), pl.base());
                }
                if (pl.tournaments() != null) {
                    namesPlan.putIfAbsent(pl.tournaments(), pl.base());
                }
                if (pl.players() == null || pl.tournaments() == null) {
                    listener.line(p + ": no " + (pl.players() == null ? ".JOU" : ".TRN")
                            + " names file found beside it: numbers of base " + pl.base() + " are kept unnamed");
                }
            }
        }
        for (Path p : all) { // names files given alone, with no game file beside them
            WthorKind k = WthorKind.ofOrNull(p);
            if (k != null && k.isNames() && !namesPlan.containsKey(p)) {
                namesPlan.put(p, options.base() != null ? options.base().toUpperCase(Locale.ROOT) : baseOfNames(p));
            }
        }
        for (Path given : options.names()) {
            Path p = given.toAbsolutePath().normalize();
            named.add(p);
            if (!namesPlan.containsKey(p)) {
                namesPlan.put(p, options.base() != null ? options.base().toUpperCase(Locale.ROOT) : baseOfNames(p));
            }
        }
        long total = 0;
        for (GameFile pl : plan) {
            try {
                long size = Files.size(pl.file());
                total += Math.max(0, (size - 16) / pl.kind().recordSize());
            } catch (IOException e) {
                // reported when the file is read
            }
        }
        plan.sort((a, b) -> a.file().getFileName().toString().compareTo(b.file().getFileName().toString()));
        if (options.base() != null && sources.size() > 1) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "one base name is given, and a base holds one text source"
                    + " file: import the " + sources.size() + " text files without a base name (each becomes the base of"
                    + " its name), or one at a time");
        }
        List<SourceFile> sourcePlan = new ArrayList<>();
        Set<String> sourceBases = new HashSet<>();
        for (SourceFile sf : sources) {
            String base = options.base() != null ? options.base().toUpperCase(Locale.ROOT) : SourceImport.baseOf(sf.file());
            if (!sourceBases.add(base)) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, sf.file() + ": another text file of this import is"
                        + " base " + base + " too; rename one, or import it under another base name");
            }
            String[] sha = new String[1];
            ThorDbException[] refused = new ThorDbException[1];
            total += estimate(sf, sha, refused);
            sourcePlan.add(new SourceFile(sf.file(), sf.format(), base, sha[0], refused[0]));
        }
        for (GameFile sf : solitaires) {
            total += SolitaireImport.count(sf.file());
        }
        return new ImportPlan(plan, namesPlan, named, total, passedOver, sourcePlan, solitaires);
    }

    /**
     * About how many games a text source holds, for the progress bar (one a line, a "(;" or a
     * [Black tag), and in the same read the file's SHA-256 into {@code sha[0]} (null when it cannot
     * be read: the import says why).
     */
    private static long estimate(SourceFile sf, String[] sha, ThorDbException[] refused) {
        long n = 0;
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
        try (InputStream in = SourceReader.stream(sf.file(), digest)) {
            byte[] buf = new byte[1 << 16];
            int prev = '\n';
            int prev2 = 0;
            long offset = 0;
            long lineStart = 0;
            long line = 1;
            for (int r; (r = in.read(buf)) > 0; ) {
                for (int i = 0; i < r; i++, offset++) {
                    int c = buf[i];
                    if (c == '\n') {
                        line++;
                        lineStart = offset + 1;
                    } else if (offset - lineStart >= ByteLines.MAX_LINE_BYTES
                            && sf.format() != SourceFormat.GGF) { // GGF is read a game at a time, with a cap of its own
                        // as the readers refuse it, but before any game is parsed
                        throw Faults.of(ErrorCode.BAD_FILE, sf.file() + ": line " + line + " is longer than "
                                + String.format("%,d", ByteLines.MAX_LINE_BYTES)
                                + " bytes, the most a line may hold (byte offset " + lineStart + ")");
                    }
                    switch (sf.format()) {
                        case GGF -> n += (prev == '(' && c == ';') ? 1 : 0;
                        case PGN -> n += (prev2 == '\n' && prev == '[' && c == 'B') ? 1 : 0;
                        case TEXT_RECORDS -> n += (prev2 == '\n' && prev == 'R' && c == 'E') ? 1 : 0;
                        default -> n += c == '\n' ? 1 : 0;
                    }
                    prev2 = prev;
                    prev = c;
                }
            }
        } catch (ThorDbException e) {
            if (e.code() == ErrorCode.BAD_FILE) {
                refused[0] = e; // too large once un-gzipped: refused now, its games never parsed
            }
            return 0;
        } catch (IOException e) {
            return 0; // reported when the file is read, and the file refused then
        }
        sha[0] = HexFormat.of().formatHex(digest.digest()); // closing the stream hashed the rest
        return n;
    }

    private static GameFile plan(Path file, WthorKind kind, Importer.Options options) {
        Path players = null;
        Path tournaments = null;
        for (Path n : options.names()) {
            if (WthorKind.ofOrNull(n) == WthorKind.PLAYERS) {
                players = n.toAbsolutePath().normalize();
            } else if (WthorKind.ofOrNull(n) == WthorKind.TOURNAMENTS) {
                tournaments = n.toAbsolutePath().normalize();
            }
        }
        if (options.names().isEmpty()) {
            players = normalized(NamesLocator.find(file, WthorKind.PLAYERS));
            tournaments = normalized(NamesLocator.find(file, WthorKind.TOURNAMENTS));
        }
        String base;
        if (options.base() != null) {
            base = options.base().toUpperCase(Locale.ROOT);
        } else if (players != null) {
            base = baseOfNames(players);
        } else if (tournaments != null) {
            base = baseOfNames(tournaments);
        } else {
            base = NamesLocator.baseOf(file);
        }
        return new GameFile(file, kind, base, players, tournaments);
    }

    private static Path normalized(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize();
    }

    /** The base a names file names: its stem in upper case, WTH being the FFO's WTHOR. */
    static String baseOfNames(Path names) {
        String n = names.getFileName().toString();
        String stem = n.substring(0, n.lastIndexOf('.')).toUpperCase(Locale.ROOT);
        return stem.equals("WTH") ? "WTHOR" : stem;
    }
}
