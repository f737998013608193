package org.thordb.wthor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Finds the names files that serve a game file: {@code PREFIX.JOU}/{@code PREFIX.TRN} beside
 * {@code PREFIX_YYYY.wtb}; for the FFO's {@code WTH_YYYY.wtb}, {@code WTHOR.JOU} or {@code WTH.JOU};
 * else the one names file of that kind alone in the folder. Names match case-insensitively.
 *
 * <p>Usage: {@code Path jou = NamesLocator.find(Path.of("data/WTH_2015.wtb"), WthorKind.PLAYERS); // or null}
 */
public final class NamesLocator {
    private NamesLocator() {
    }

    /** The base name a game file belongs to: the part of its name before {@code _YYYY}, uppercase. */
    public static String baseOf(Path gameFile) {
        String n = gameFile.getFileName().toString();
        int dot = n.lastIndexOf('.');
        String stem = dot < 0 ? n : n.substring(0, dot);
        int us = stem.lastIndexOf('_');
        String prefix = us > 0 ? stem.substring(0, us) : stem;
        prefix = prefix.toUpperCase(Locale.ROOT);
        return prefix.equals("WTH") ? "WTHOR" : prefix;
    }

    /** The names file of the given kind for a game file, or null when none is found. */
    public static Path find(Path gameFile, WthorKind kind) {
        Path dir = gameFile.toAbsolutePath().getParent();
        List<Path> candidates = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> WthorKind.ofOrNull(p) == kind && Files.isRegularFile(p)).sorted().forEach(candidates::add);
        } catch (IOException e) {
            return null;
        }
        String base = baseOf(gameFile);
        List<String> wanted = base.equals("WTHOR") ? List.of("WTHOR", "WTH") : List.of(base);
        for (String w : wanted) {
            for (Path p : candidates) {
                String stem = p.getFileName().toString();
                stem = stem.substring(0, stem.lastIndexOf('.')).toUpperCase(Locale.ROOT);
                if (stem.equals(w)) {
                    return p;
                }
            }
        }
        return candidates.size() == 1 ? candidates.get(0) : null;
    }
}
